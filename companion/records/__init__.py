"""Records: the store, its schema and faults, players, statistics, export, backup."""
