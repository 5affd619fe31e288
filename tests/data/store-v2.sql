BEGIN TRANSACTION;
CREATE TABLE die_faces (
        source TEXT NOT NULL, face INTEGER NOT NULL, count INTEGER NOT NULL,
        PRIMARY KEY (source, face)
    );
CREATE TABLE game_seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
INSERT INTO "game_seats" VALUES(1,0,1);
INSERT INTO "game_seats" VALUES(2,0,1);
INSERT INTO "game_seats" VALUES(3,1,1);
INSERT INTO "game_seats" VALUES(4,1,1);
INSERT INTO "game_seats" VALUES(1,1,2);
INSERT INTO "game_seats" VALUES(2,1,2);
INSERT INTO "game_seats" VALUES(3,0,2);
INSERT INTO "game_seats" VALUES(4,0,2);
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
        result TEXT,
        key TEXT
    );
INSERT INTO "games" VALUES(1,'quoridor',2,'["Eva", "Pat"]','{"sidestep_when_pawn_behind": true}',NULL,'{"colours": ["red", "blue"]}','2026-11-20T19:00:00+00:00','2026-11-20T19:00:40+00:00','finished',15,'{"ranking": [[0], [1]], "reason": "goal"}','430a793bd27b57d5b4021e15');
INSERT INTO "games" VALUES(2,'quoridor',2,'["Eva", "Pat"]','{"sidestep_when_pawn_behind": true}',NULL,'{"colours": ["red", "blue"]}','2026-11-20T19:00:00+00:00','2026-11-20T19:00:40+00:00','finished',15,'{"ranking": [[0], [1]], "reason": "goal"}','430a793bd27b57d5b4021e15');
INSERT INTO "games" VALUES(3,'quoridor',2,'["Pat", "Eva"]','{"sidestep_when_pawn_behind": true}',NULL,'{"colours": ["red", "blue"]}','2026-11-20T19:00:00+00:00','2026-11-20T19:00:40+00:00','finished',15,'{"ranking": [[0], [1]], "reason": "goal"}','430a793bd27b57d5b4021e15');
INSERT INTO "games" VALUES(4,'quoridor',2,'["Pat", "Eva"]','{"sidestep_when_pawn_behind": true}',NULL,'{}','2026-11-20T19:05:00+00:00',NULL,'playing',1,NULL,NULL);
CREATE TABLE inputs (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        line TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
INSERT INTO "inputs" VALUES(1,0,'e8');
INSERT INTO "inputs" VALUES(1,1,'d1');
INSERT INTO "inputs" VALUES(1,2,'e7');
INSERT INTO "inputs" VALUES(1,3,'d2');
INSERT INTO "inputs" VALUES(1,4,'e6');
INSERT INTO "inputs" VALUES(1,5,'d3');
INSERT INTO "inputs" VALUES(1,6,'e5');
INSERT INTO "inputs" VALUES(1,7,'d4');
INSERT INTO "inputs" VALUES(1,8,'e4');
INSERT INTO "inputs" VALUES(1,9,'d5');
INSERT INTO "inputs" VALUES(1,10,'e3');
INSERT INTO "inputs" VALUES(1,11,'d6');
INSERT INTO "inputs" VALUES(1,12,'e2');
INSERT INTO "inputs" VALUES(1,13,'d7');
INSERT INTO "inputs" VALUES(1,14,'e1');
INSERT INTO "inputs" VALUES(2,0,'e8');
INSERT INTO "inputs" VALUES(2,1,'d1');
INSERT INTO "inputs" VALUES(2,2,'e7');
INSERT INTO "inputs" VALUES(2,3,'d2');
INSERT INTO "inputs" VALUES(2,4,'e6');
INSERT INTO "inputs" VALUES(2,5,'d3');
INSERT INTO "inputs" VALUES(2,6,'e5');
INSERT INTO "inputs" VALUES(2,7,'d4');
INSERT INTO "inputs" VALUES(2,8,'e4');
INSERT INTO "inputs" VALUES(2,9,'d5');
INSERT INTO "inputs" VALUES(2,10,'e3');
INSERT INTO "inputs" VALUES(2,11,'d6');
INSERT INTO "inputs" VALUES(2,12,'e2');
INSERT INTO "inputs" VALUES(2,13,'d7');
INSERT INTO "inputs" VALUES(2,14,'e1');
INSERT INTO "inputs" VALUES(3,0,'e8');
INSERT INTO "inputs" VALUES(3,1,'d1');
INSERT INTO "inputs" VALUES(3,2,'e7');
INSERT INTO "inputs" VALUES(3,3,'d2');
INSERT INTO "inputs" VALUES(3,4,'e6');
INSERT INTO "inputs" VALUES(3,5,'d3');
INSERT INTO "inputs" VALUES(3,6,'e5');
INSERT INTO "inputs" VALUES(3,7,'d4');
INSERT INTO "inputs" VALUES(3,8,'e4');
INSERT INTO "inputs" VALUES(3,9,'d5');
INSERT INTO "inputs" VALUES(3,10,'e3');
INSERT INTO "inputs" VALUES(3,11,'d6');
INSERT INTO "inputs" VALUES(3,12,'e2');
INSERT INTO "inputs" VALUES(3,13,'d7');
INSERT INTO "inputs" VALUES(3,14,'e1');
INSERT INTO "inputs" VALUES(4,0,'e8');
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema_version','2');
CREATE TABLE players (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        colour TEXT NOT NULL,
        initial TEXT NOT NULL,
        companion_level TEXT,
        created TEXT NOT NULL,
        last_played TEXT,
        merged_into INTEGER REFERENCES players(id)
    );
INSERT INTO "players" VALUES(1,'Eva','#266bf2','E',NULL,'2026-11-20T19:00:00+00:00','2026-11-20T19:05:00+00:00',NULL);
INSERT INTO "players" VALUES(2,'Pat','#db2929','P',NULL,'2026-11-20T19:00:00+00:00','2026-11-20T19:05:00+00:00',NULL);
CREATE TABLE seat_results (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        finished TEXT NOT NULL,
        rank INTEGER NOT NULL,
        won INTEGER NOT NULL,
        turns INTEGER,
        counters TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
INSERT INTO "seat_results" VALUES(1,0,1,'quoridor',2,'2026-11-20T19:00:40+00:00',1,1,8,'{"steps": 0, "walls": 10}');
INSERT INTO "seat_results" VALUES(1,1,2,'quoridor',2,'2026-11-20T19:00:40+00:00',2,0,7,'{"steps": 2, "walls": 10}');
INSERT INTO "seat_results" VALUES(2,0,1,'quoridor',2,'2026-11-20T19:00:40+00:00',1,1,8,'{"steps": 0, "walls": 10}');
INSERT INTO "seat_results" VALUES(2,1,2,'quoridor',2,'2026-11-20T19:00:40+00:00',2,0,7,'{"steps": 2, "walls": 10}');
INSERT INTO "seat_results" VALUES(3,0,2,'quoridor',2,'2026-11-20T19:00:40+00:00',1,1,8,'{"steps": 0, "walls": 10}');
INSERT INTO "seat_results" VALUES(3,1,1,'quoridor',2,'2026-11-20T19:00:40+00:00',2,0,7,'{"steps": 2, "walls": 10}');
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX seat_results_by_player ON seat_results (player_id, finished, game_id, won, game, rank);
CREATE INDEX seat_results_by_time ON seat_results (finished);
CREATE INDEX seat_results_by_game ON seat_results (game, finished);
CREATE INDEX game_seats_by_player ON game_seats (player_id, game_id);
CREATE INDEX games_by_status ON games (status, finished);
CREATE INDEX games_by_kind ON games (game, status, finished);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('games',4);
INSERT INTO "sqlite_sequence" VALUES('players',2);
COMMIT;
