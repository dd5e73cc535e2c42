"""The fusable marks of traced Dense outputs (framework/ops/fusable_outputs.py) go when their tensors go.

They are keyed by id: an entry that outlives its tensor is read by the next tensor that takes the id. A
Keras fit step's Activation('silu') after a Dense dropped the mark without its noted (x, kernel, bias), and
in whole-suite runs a later traced float16 Conv2D(elu) output, at a reused id, took a dead Dense's operands
for its own and returned a 2-D array.
"""
import gc

import numpy as np

import framework as tf
from framework import keras
from framework.ops import fusable_outputs


def _fit_dense_then_activation_silu():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        x = np.random.RandomState(0).randn(64, 8).astype('float32')
        y = (x[:, :1] > 0).astype('float32')
        keras.utils.set_random_seed(3)
        model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16), keras.layers.Activation('silu'),
                                  keras.layers.Dense(1)])
        model.compile(keras.optimizers.Adam(0.01), 'mse')
        model.fit(x, y, batch_size=32, epochs=1, verbose=0)
    finally:
        keras.mixed_precision.set_global_policy('float32')


def _orphaned_parts():
    """Noted operands whose tensor's mark is gone (other tests' live traces may keep marked tensors)."""
    marks = fusable_outputs.FUSABLE
    return [ident for ident in fusable_outputs.AFFINE_PARTS if ident not in marks or marks[ident]() is None]


def test_a_fit_leaves_no_noted_dense_operands_behind():
    _fit_dense_then_activation_silu()
    gc.collect()
    assert _orphaned_parts() == []


def test_noted_operands_answer_only_for_their_own_tensor():
    z = tf.constant(np.ones((2, 3), 'float32'))
    parts = (z, z, z)
    fusable_outputs.mark_fusable(z, parts=parts)
    assert fusable_outputs.affine_parts(z) is parts
    fusable_outputs.unmark(z)
    assert fusable_outputs.affine_parts(z) is None
    assert id(z) not in fusable_outputs.AFFINE_PARTS


def test_a_dense_output_read_twice_leaves_no_noted_operands_behind():
    # a functional model that also outputs the Dense's result unfuses it (layers/functional/shared_outputs.py)
    inputs = keras.Input((4,))
    dense = keras.layers.Dense(3)(inputs)
    model = keras.Model(inputs, [keras.layers.Activation('tanh')(dense), dense])
    model.predict(np.ones((8, 4), 'float32'), verbose=0)
    gc.collect()
    assert _orphaned_parts() == []
