"""summary(positions=...) with more positions than columns lays the table out as Keras 3 does.

Keras measures a width for every position but makes one column per header, so extra positions
leave the table narrower than its line; rich (width=line_length) then spreads the rest over the
columns in proportion to their widths (ratio_distribute). tapeflow drew a column per position
(the Sequential guide's summary(positions=[.3, .6, .8, 1.]) had an empty fourth column). Fewer
positions than columns is Keras's IndexError. Goldens: the cell widths of the table's top rule
under TF 2.21 / Keras 3 (/work/notes/progs/kguides5/g3.py, output to a pipe: 80 columns).
"""
import pytest

from framework import keras


@pytest.fixture
def model():
    return keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, name='d1'),
                             keras.layers.Dense(2, name='d2')], name='seq')


def top_rule_cells(model, monkeypatch, **kwargs):
    monkeypatch.setenv('COLUMNS', '80')
    lines = []
    model.summary(print_fn=lambda text, **_: lines.append(text), **kwargs)
    rule = lines[0].splitlines()[1]
    return [len(cell) for cell in rule[1:-1].split('┳')]


@pytest.mark.parametrize('kwargs, cells', [
    (dict(positions=[.3, .6, .8, 1.]), [27, 27, 18]),
    (dict(positions=[.2, .5, .7, .9, 1.], line_length=100), [28, 41, 7]),      # cropped at 80
    (dict(positions=[.3, .6, .8, 1.], show_trainable=True), [21, 22, 13, 15]),
    (dict(positions=[.1, .2, .3, .4, .5, 1.], line_length=70), [22, 22, 22]),
    (dict(positions=[.5, .7, .9, 1.], line_length=60), [31, 12, 13]),
])
def test_extra_positions_widen_the_columns_as_rich(model, monkeypatch, kwargs, cells):
    assert top_rule_cells(model, monkeypatch, **kwargs) == cells


def test_fewer_positions_than_columns_is_keras_index_error(model, monkeypatch):
    with pytest.raises(IndexError, match='list index out of range'):
        top_rule_cells(model, monkeypatch, positions=[.5, 1.])


def test_default_positions_keep_their_layout(model, monkeypatch):
    assert top_rule_cells(model, monkeypatch) == [33, 24, 15]
