BEGIN TRANSACTION;
CREATE TABLE die_faces (
    source TEXT NOT NULL, face INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (source, face)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    names TEXT NOT NULL,
    options TEXT NOT NULL,
    start_position TEXT,
    extra TEXT NOT NULL DEFAULT '{}',
    started TEXT NOT NULL,
    finished TEXT,
    status TEXT NOT NULL DEFAULT 'playing',
    cursor INTEGER NOT NULL DEFAULT 0,
    result TEXT
);
INSERT INTO "games" VALUES(1,'quoridor',2,'["Eva", "Jan"]','{"sidestep_when_pawn_behind": true}','quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -','{"colours": ["red", "blue"]}','2026-11-26T19:20:07+00:00','2026-11-26T19:20:07+00:00','finished',1,'{"ranking": [[0], [1]], "reason": "goal"}');
INSERT INTO "games" VALUES(2,'quoridor',2,'["jan", "EVA"]','{"sidestep_when_pawn_behind": true}','quoridor 2 | turn e9 | e9 e3 10 | e1 e7 10 | walls -','{}','2026-11-26T19:20:07+00:00','2026-11-26T19:20:07+00:00','finished',3,'{"ranking": [[0], [1]], "reason": "goal"}');
INSERT INTO "games" VALUES(3,'quoridor',2,'["Ota", "Companion"]','{"sidestep_when_pawn_behind": true}','quoridor 2 | turn e9 | e9 e5 10 | e1 e8 10 | walls -','{"companions": {"1": "strong"}}','2026-11-26T19:20:07+00:00','2026-11-26T19:20:07+00:00','finished',2,'{"ranking": [[1], [0]], "reason": "goal"}');
INSERT INTO "games" VALUES(4,'patamat',3,'["Eva", "Ota", "Iva"]','{"target": 3, "board": "standin-v1"}',NULL,'{}','2026-11-26T19:20:07+00:00',NULL,'playing',0,NULL);
INSERT INTO "games" VALUES(5,'quoridor',2,'["Iva", "Eva"]','{"sidestep_when_pawn_behind": true}',NULL,'{}','2026-11-26T19:20:07+00:00','2026-11-26T19:20:07+00:00','abandoned',1,NULL);
INSERT INTO "games" VALUES(6,'quoridor',2,'["Jan", "Iva"]','{"sidestep_when_pawn_behind": true}','quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -','{}','2026-11-26T19:20:07+00:00','2026-11-26T19:20:07+00:00','finished',1,'{"ranking": [[0], [1]], "reason": "goal"}');
CREATE TABLE inputs (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
INSERT INTO "inputs" VALUES(1,0,'e1');
INSERT INTO "inputs" VALUES(2,0,'e2');
INSERT INTO "inputs" VALUES(2,1,'e8');
INSERT INTO "inputs" VALUES(2,2,'e1');
INSERT INTO "inputs" VALUES(3,0,'e4');
INSERT INTO "inputs" VALUES(3,1,'e9');
INSERT INTO "inputs" VALUES(5,0,'e8');
INSERT INTO "inputs" VALUES(6,0,'z9');
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema_version','1');
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',6);
COMMIT;
