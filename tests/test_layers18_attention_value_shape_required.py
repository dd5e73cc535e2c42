"""MultiHeadAttention / GroupQueryAttention.compute_output_shape take value_shape as a required argument, as
Keras 3's on TF 2.21 (layers17's left item 2); summary() still shows their output shapes, as Keras passes the
build's shapes by name (notes progs/layers18/mha.py)."""
import numpy as np
import pytest

from framework import keras

L = keras.layers


def _error(fn):
    with pytest.raises(TypeError) as caught:
        fn()
    return str(caught.value)


def test_value_shape_is_required():
    # TF 2.21; tapeflow returned (None, 3, 4)
    assert _error(lambda: L.MultiHeadAttention(2, 2).compute_output_shape((None, 3, 4))) == (
        "MultiHeadAttention.compute_output_shape() missing 1 required positional argument: 'value_shape'")
    assert _error(lambda: L.MultiHeadAttention(2, 2).compute_output_shape((None, 3, 4), None)) == (
        "'NoneType' object is not iterable")
    assert "missing 1 required positional argument: 'value_shape'" in _error(
        lambda: L.GroupQueryAttention(2, 4, 2).compute_output_shape((None, 3, 4)))
    assert _error(lambda: L.GroupQueryAttention(2, 4, 2).compute_output_shape((None, 3, 4), None)) == (
        "'NoneType' object is not subscriptable")
    assert L.MultiHeadAttention(2, 2, output_shape=(5,)).compute_output_shape(
        query_shape=(None, 3, 4), value_shape=[None, 2, 4]) == (None, 3, 5)


def _summary(model):
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    return '\n'.join(lines)


@pytest.mark.parametrize('make, shape', [(lambda: L.MultiHeadAttention(2, 2), '(1, 3, 4)'),
                                         (lambda: L.GroupQueryAttention(2, 4, 2), '(1, 3, 4)')])
def test_subclassed_summary_shows_the_shape(make, shape):
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.attention = make()

        def call(self, x):
            return self.attention(x, x)

    model = Model()
    model(np.ones((1, 3, 4), 'f'))
    row = [line for line in _summary(model).split('\n') if 'attention' in line][0]
    assert shape in row      # TF 2.21: '│ multi_head_attention          │ (1, 3, 4) │ 80 │'


def test_summary_of_a_layer_built_by_hand():
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.attention = L.MultiHeadAttention(2, 2)

        def call(self, x):
            return self.attention(x, x)

    model = Model()
    model.attention.build((None, 3, 4), (None, 3, 4))
    assert '(None, 3, 4)' in [line for line in _summary(model).split('\n') if 'attention' in line][0]
