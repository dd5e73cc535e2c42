"""A layer under a 16-bit policy called on float32 KerasTensors: Keras 3's __call__ casts them first, and
the cast keeps their symbolic shape and gives the compute dtype (values from TF 2.21 / Keras 3.15,
notes progs/layers17/mx.py, mx2.py, idn.py)."""
import pytest

import framework as tf
from framework import keras


class _ShowsShape(keras.layers.Layer):
    def call(self, x):
        self.seen = (tuple(x.shape), x.dtype.name, tuple((x * 2).shape))
        return tf.reshape(x, (-1, tf.shape(x)[1] * 4))


@pytest.mark.parametrize('policy', ['mixed_float16', 'float16', 'mixed_bfloat16'])
def test_a_cast_symbolic_input_keeps_its_open_lengths(policy):
    layer = _ShowsShape(dtype=policy)
    y = layer(keras.Input((None, 4)))
    # TF 2.21 prints (None, None, 4) inside call (tapeflow showed the stand-in zeros' (1, 1, 4))
    assert layer.seen[0] == (None, None, 4) and layer.seen[2] == (None, None, 4)
    assert tuple(y.shape) == (None, None)


@pytest.mark.parametrize('policy,dtype', [('mixed_float16', 'float16'), ('mixed_bfloat16', 'bfloat16')])
def test_attention_build_config_under_a_mixed_policy(policy, dtype):
    layer = keras.layers.MultiHeadAttention(2, 3, dtype=policy)
    out = layer(keras.Input((None, 4)), keras.Input((None, 4)))
    assert out.dtype == dtype
    # TF 2.21: {'shapes_dict': {'query_shape': (None, None, 4), 'value_shape': (None, None, 4)}} (was (None, 1, 4))
    assert layer.get_build_config() == {'shapes_dict': {'query_shape': (None, None, 4),
                                                        'value_shape': (None, None, 4)}}


@pytest.mark.parametrize('policy,dtype', [('mixed_float16', 'float16'), ('float16', 'float16'),
                                          ('mixed_bfloat16', 'bfloat16'), ('float64', 'float64')])
def test_identity_gives_the_compute_dtype_symbolically(policy, dtype):
    # TF 2.21: Identity(dtype='mixed_float16')(Input((None, 3))).dtype is float16 (tapeflow kept float32)
    assert keras.layers.Identity(dtype=policy)(keras.Input((None, 3))).dtype == dtype


def test_identity_keeps_integer_and_unconverted_inputs():
    assert keras.layers.Identity(dtype='mixed_float16')(keras.Input((2,), dtype='int32')).dtype == 'int32'
    assert keras.layers.Identity(dtype='float16', autocast=False)(keras.Input((2,))).dtype == 'float32'
    outs = keras.layers.Identity(dtype='mixed_float16')([keras.Input((2,)), keras.Input((3,), dtype='float64')])
    assert [t.dtype for t in outs] == ['float16', 'float16']


def test_identity_model_output_matches_its_prediction():
    x = keras.Input((4,))
    model = keras.Model(x, keras.layers.Identity(dtype='mixed_float16')(x))
    assert model.output.dtype == 'float16'
    assert model.predict(tf.ones((1, 4)), verbose=0).dtype == 'float16'
