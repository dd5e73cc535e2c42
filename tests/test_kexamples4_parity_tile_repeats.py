"""keras.ops.tile takes ``repeats`` as Keras 3's TensorFlow backend does: an int, else it iterates
them. A tensor of repeats works eagerly but is TensorFlow's OperatorNotAllowedInGraphError in graph
code (a tf.function, a Dataset.map, a functional build, a fit step): keras.io's OCR example
(``ops.tile(..., ops.stack([batch]))`` in its CTC layer) fails at the functional build on TF 2.21.
tapeflow tiled in all of them, and tiled by scalars Keras cannot iterate. Behaviour derived from
TF 2.21 + Keras 3 (kexamples4's d38.py and d39.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError
from framework.keras import ops

SYMBOLIC = 'Iterating over a symbolic `tf.Tensor` is not allowed'


def test_eager_repeats_as_keras_iterates_them():
    x = ops.arange(3)
    assert ops.tile(x, tf.constant([2])).numpy().tolist() == [0, 1, 2, 0, 1, 2]
    assert ops.tile(x, np.array([2])).numpy().tolist() == [0, 1, 2, 0, 1, 2]
    assert ops.tile(x, [tf.constant(2)]).numpy().tolist() == [0, 1, 2, 0, 1, 2]
    assert ops.tile(x, 2).numpy().tolist() == [0, 1, 2, 0, 1, 2]
    # TF 2.21's TypeErrors: Keras iterates anything but an int
    for repeats, text in [(tf.constant(2), 'Cannot iterate over a scalar tensor.'),
                          (np.int64(2), "'numpy.int64' object is not iterable"),
                          (np.array(2), 'iteration over a 0-d array')]:
        with pytest.raises(TypeError) as caught:
            ops.tile(x, repeats)
        assert str(caught.value) == text


def test_a_tensor_of_repeats_is_refused_in_graph_code():
    x = ops.arange(3)
    with pytest.raises(OperatorNotAllowedInGraphError, match=SYMBOLIC):
        tf.function(lambda v: ops.tile(v, tf.constant([2])))(x)
    with pytest.raises(OperatorNotAllowedInGraphError, match=SYMBOLIC):
        tf.function(lambda v: ops.tile(v, ops.stack([ops.shape(v)[0]])))(x)
    assert tf.function(lambda v: ops.tile(v, [tf.constant(2)]))(x).numpy().tolist() == [0, 1, 2, 0, 1, 2]
    with pytest.raises(OperatorNotAllowedInGraphError, match=SYMBOLIC):
        list(tf.data.Dataset.from_tensors(x).map(lambda v: ops.tile(v, tf.constant([2]))))


class _TileByBatch(keras.layers.Layer):
    def call(self, v):
        return ops.tile(v, ops.stack([ops.shape(v)[0]]))


def test_functional_build_and_fit_refuse_it_too():
    with pytest.raises(OperatorNotAllowedInGraphError, match='Exception encountered when calling _TileByBatch'):
        _TileByBatch()(keras.Input((3,)))

    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(3)

        def call(self, v):
            return self.dense(v) + ops.tile(ops.zeros((1,)), tf.constant([3]))

    model = Model()
    model.compile(loss='mse', optimizer='sgd')
    with pytest.raises(OperatorNotAllowedInGraphError, match=SYMBOLIC):
        model.fit(np.ones((2, 3), 'float32'), np.ones((2, 3), 'float32'), verbose=0)
    assert np.asarray(_TileByBatch()(np.ones((2, 3), 'float32'))).shape == (2, 6)     # eager: fine


def test_tf_function_reports_it_in_user_code():
    # TF 2.21's autograph rebuilds OperatorNotAllowedInGraphError with its 'in user code:' frames
    @tf.function
    def tiled(v):
        return ops.tile(v, tf.constant([2]))

    with pytest.raises(OperatorNotAllowedInGraphError) as caught:
        tiled(ops.arange(3))
    text = str(caught.value)
    assert text.startswith('in user code:\n\n') and 'return ops.tile(v, tf.constant([2]))' in text
    assert '    OperatorNotAllowedInGraphError: ' + SYMBOLIC in text
