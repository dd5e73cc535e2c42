"""model.summary() tables laid out as Keras 3.15 prints them through rich (TF 2.21, output to a pipe:
80 columns, so the default line is 76). Goldens from /work/notes/progs/fitgrid3/sm/a01.py.

- Absolute positions (the docstring's "relative or absolute positions", e.g. [30, 60, 80]) ask for
  columns far wider than the line; rich measures each fixed-width column no wider than the table's
  room, then takes the excess back evenly, so the columns come out equal. tapeflow reduced the raw
  asks, which gave one huge column and a table cropped at 80.
- A header row whose cells wrap to different heights sets the short cells at the bottom (rich aligns
  header cells to the bottom, body cells to the top); tapeflow set them at the top.
"""
import pytest

from framework import keras


@pytest.fixture
def model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='a'), keras.layers.Dense(2, name='b')])


def table(model, monkeypatch, **kwargs):
    monkeypatch.setenv('COLUMNS', '80')
    lines = []
    model.summary(print_fn=lambda text, **_: lines.append(text), **kwargs)
    return lines[0].splitlines()[1:-3]


def test_absolute_positions_make_equal_columns(model, monkeypatch):
    assert table(model, monkeypatch, positions=[30, 60, 80]) == [
        '┏━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┓',
        '┃ Layer (type)           ┃ Output Shape           ┃                Param # ┃',
        '┡━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━┩',
        '│ a (Dense)              │ (None, 2)              │                      8 │',
        '├────────────────────────┼────────────────────────┼────────────────────────┤',
        '│ b (Dense)              │ (None, 2)              │                      6 │',
        '└────────────────────────┴────────────────────────┴────────────────────────┘']


@pytest.mark.parametrize('kwargs, widths', [
    (dict(positions=[30, 60, 80], line_length=100), [32, 32, 13]),     # cropped at 80 columns
    (dict(positions=[40, 50, 55]), [24, 24, 24]),
    (dict(positions=[0.5, 2, 3]), [3, 34, 35]),
    (dict(positions=[0.9, 1.5, 2.0], line_length=50), [26, 12, 8]),
    (dict(positions=[20, 60, 70], line_length=200), [65, 13]),       # cropped at 80 columns
])
def test_asks_past_the_room_are_clamped_first(model, monkeypatch, kwargs, widths):
    rule = table(model, monkeypatch, **kwargs)[0]
    assert [len(cell) for cell in rule[1:].rstrip('┓').split('┳')] == widths


def test_short_header_cells_sit_at_the_bottom(model, monkeypatch):
    assert table(model, monkeypatch, line_length=40)[:4] == [
        '┏━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━┓',
        '┃                 ┃ Output     ┃ Param ┃',
        '┃ Layer (type)    ┃ Shape      ┃     # ┃',
        '┡━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━┩']
    assert table(model, monkeypatch, positions=[5, 10, 15], line_length=30)[:3] == [
        '┏━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━┓',
        '┃ Layer   ┃ Output ┃         ┃',
        '┃ (type)  ┃ Shape  ┃ Param # ┃']
