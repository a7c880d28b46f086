"""The compiled half of tenball (PyO3). Every function takes and gives JSON text in the forms
of the command line; the package `tenball` wraps them in Python objects."""

from typing import Optional, Tuple

__version__: str
BREAK_COLUMNS: list[str]

def rack(seed: int = 1, rack: str = "hand", table: str = "9ft") -> str:
    """`{"layout": ...}` as `tenball rack` prints it."""

def shot(input: str, equipment: Optional[str] = None) -> str:
    """`tenball shot`: `{layout, strike, config}` in, the shot log out."""

def play(input: str) -> str:
    """`{state, layout, call, strike, declared?, config?}` in; `{facts, ruling, state, layout, log}` out."""

def judge(input: str) -> str:
    """`tenball judge`: `{state, call, facts}` or `{state, actions}` in, the answer out."""

def breaks(
    count: int,
    seed: int,
    cue: Optional[Tuple[float, float]],
    speed: float,
    side: float,
    height: float,
    elevation: float,
    rack: str,
    table: str,
    equipment: str,
    noise: bool,
    threads: Optional[int],
) -> str:
    """The CSV records (column line first) of `tenball breaks` with these inputs; the GIL released."""

def decide(level: str, state: str, layout: str, equipment: str = "wpa", seed: int = 1) -> str:
    """The computer's decision as JSON."""

def chances(
    state: str,
    layout: str,
    call: str,
    strike: str,
    level: str = "5",
    tries: int = 100,
    equipment: str = "wpa",
    seed: int = 1,
) -> str:
    """The coach's figures as JSON: make, scratch, foul, tries."""

def table_spec(table: str = "9ft", equipment: str = "wpa") -> str:
    """`{length, width, ball_radius, head_string_x}` in metres."""

class Table:
    """A match in play: the referee's state, the balls, the equipment; strokes through play_shot."""

    def __init__(
        self, seed: int = 1, rack: str = "hand", table: str = "9ft", equipment: str = "wpa", race_to: int = 1
    ) -> None: ...
    def view(self) -> str:
        """`{state, layout, turn}` as JSON."""
    def shoot(
        self, call: str, strike: str, place: Optional[Tuple[float, float]] = None, level: Optional[str] = None
    ) -> str:
        """Plays a stroke for the player to act; `{ruling, facts, strike}` as JSON."""
    def ball_in_hand(self) -> str:
        """Practice's ball in hand for the shot due; the view as JSON."""
    def choose(self, play_table: bool) -> str:
        """The incoming player's choice; the view as JSON."""
    def computer(self, level: str) -> str:
        """The computer's move at `level`, played; `{decision, ruling?, facts?, strike?}` as JSON."""
