"""A layer without its own compute_output_shape, asked for a dict of input shapes, raises Keras 3's
NotImplementedError (TF 2.21 raises it for any shape; tapeflow infers a single input's by running call).
tapeflow raised TypeError "'str' object cannot be interpreted as an integer" (the dict's keys as axes).

Printed by TF 2.21 (/work/notes/progs/modelfuzz14/p14.py):
    class L(keras.layers.Layer):
        def call(self, x): return x * 2
    L().compute_output_shape({'a': (None, 4)})
    -> NotImplementedError: Layer L does not have a `compute_output_shape` method implemented. Should implement
       `def compute_output_shape(self, input_shape)`.
"""
import pytest

from framework import keras


class _Doubling(keras.layers.Layer):
    def call(self, x):
        return x * 2


class _OneDense(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


@pytest.mark.parametrize('make, name', [(_Doubling, '_Doubling'), (_OneDense, '_OneDense')])
@pytest.mark.parametrize('shapes', [{'a': (None, 4)}, {'u': (None, 4), 'v': (None, 5)}])
def test_dict_of_shapes_is_not_implemented(make, name, shapes):
    with pytest.raises(NotImplementedError) as info:
        make().compute_output_shape(shapes)
    assert str(info.value) == ('Layer %s does not have a `compute_output_shape` method implemented. Should implement '
                               '`def compute_output_shape(self, input_shape)`.' % name)


def test_single_shape_still_inferred():
    assert _OneDense().compute_output_shape((None, 4)) == (None, 2)
