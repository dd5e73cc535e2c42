"""StackedRNNCells iterates the cells it is given as Keras 3 (TF 2.21): None / an int / a float is Python's
TypeError "'NoneType' object is not iterable", a string its characters (ValueError 'All cells must have a
`call` method. Received cell without a `call` method: a'); tapeflow raised its own TypeError '`cells` must be
a list of RNN cells' for each."""
import re

import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('value,error,text', [
    # TF 2.21's texts
    (None, TypeError, "'NoneType' object is not iterable"),
    (-1, TypeError, "'int' object is not iterable"),
    (1.5, TypeError, "'float' object is not iterable"),
    ('abc', ValueError, 'All cells must have a `call` method. Received cell without a `call` method: a'),
    ([1, 2], ValueError, 'All cells must have a `call` method. Received cell without a `call` method: 1'),
])
def test_bad_cells(value, error, text):
    with pytest.raises(error, match='^%s(\\n|$)' % re.escape(text)):
        L.StackedRNNCells(value)


def test_good_cells():
    assert len(L.StackedRNNCells((L.GRUCell(2),)).cells) == 1 and L.StackedRNNCells([]).cells == []
