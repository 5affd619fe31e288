"""The table's words, Kivy-free, in the table's language: what every face says.

- :mod:`.game`: the status line, what to change on the board after events, an input's label
  (on a choice button, in the move log), the games' names, why a set-up or a start is refused;
- :mod:`.refusals`: a refused input in the players' words, with the rule apart;
- :mod:`.results`: the result's headline, the game's own lines, the ranking, seats' names;
- :mod:`.screens`: the above bound to the table session (``TableSession.words``);
- :mod:`.texts`: a game's own text module found by its id.
"""
