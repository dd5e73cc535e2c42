"""After pop(rebuild=False) a Sequential model has no input or output shape until it is built again, as
Keras 3 in TF 2.21 says (tutorials48's t48_pop.py: AttributeError "... has no defined input shape yet.")."""
import pytest

from framework import keras


def test_pop_without_rebuild_leaves_no_shapes_until_rebuilt():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.Dense(2), keras.layers.Dense(1)])
    assert m.input_shape == (None, 4) and m.output_shape == (None, 1)
    m.pop(rebuild=False)
    with pytest.raises(AttributeError, match='has no defined input shape yet'):
        m.input_shape
    with pytest.raises(AttributeError, match='has no defined output shape yet'):
        m.output_shape
    m.pop(rebuild=True)
    assert m.input_shape == (None, 4) and m.output_shape == (None, 3)    # TF 2.21's
