"""keras.mixed_precision: Keras 3's mixed policies, the dtypes layers report and compute in, their
configs, and compile's loss-scale wrapping. Expected values were printed by TensorFlow 2.21 /
Keras 3.15.1 running the same calls (/work/notes/progs/mixedprec/cfg_tf.py)."""
import json

import numpy as np
import pytest

import framework as tf
from framework import keras
from optim import LossScaleOptimizer

mp = keras.mixed_precision
layers = keras.layers


@pytest.fixture
def mixed():
    mp.set_global_policy('mixed_float16')
    yield
    keras.backend.set_floatx('float32')
    mp._state['policy'] = None         # unset again, as at import: the global policy follows floatx


@pytest.mark.parametrize('name, compute, variable', [
    ('mixed_float16', 'float16', 'float32'), ('mixed_bfloat16', 'bfloat16', 'float32'),
    ('float16', 'float16', 'float16'), ('bfloat16', 'bfloat16', 'bfloat16'), ('float64', 'float64', 'float64'),
])
def test_policy_dtypes(name, compute, variable):
    policy = mp.Policy(name)
    assert (policy.name, policy.compute_dtype, policy.variable_dtype) == (name, compute, variable)
    assert repr(policy) == str(policy) == '<DTypePolicy "%s">' % name
    assert policy.get_config() == {'name': name} and mp.Policy.from_config({'name': name}) == policy
    assert policy.quantization_mode is None


@pytest.mark.parametrize('bad', ['float8x', 'mixed_float32'])
def test_policy_refuses_other_names_in_keras_words(bad):
    with pytest.raises(ValueError, match="Cannot convert '%s' to a mixed precision DTypePolicy. Valid policies "
                                         "include 'mixed_float16', 'mixed_bfloat16'" % bad):
        mp.Policy(bad)
    with pytest.raises(TypeError, match="'name' must be a string, such as 'mixed_float16'. Received: name=3"):
        mp.Policy(3)


def test_global_policy_gives_layers_float16_compute_and_float32_weights(mixed):
    assert repr(mp.global_policy()) == '<DTypePolicy "mixed_float16">' and mp.Policy().name == 'mixed_float16'
    inputs = keras.Input(shape=(4,))
    dense = layers.Dense(3, activation='relu')
    x = dense(inputs)
    assert (dense.dtype, dense.compute_dtype, dense.variable_dtype) == ('float32', 'float16', 'float32')
    assert repr(dense.dtype_policy) == '<DTypePolicy "mixed_float16">'
    assert inputs.dtype == 'float32' and x.dtype == 'float16' and dense.kernel.dtype == 'float32'
    outputs = layers.Activation('softmax', dtype='float32')(x)
    assert outputs.dtype == 'float32'
    model = keras.Model(inputs, outputs)
    assert repr(model.dtype_policy) == '<DTypePolicy "mixed_float16">' and model.compute_dtype == 'float16'
    eager = dense(np.ones((2, 4), np.float32))
    assert eager.dtype == tf.float16 and model(np.ones((2, 4))).dtype == tf.float32
    assert [w.dtype for w in model.get_weights()] == [np.float32, np.float32]


def test_layer_dtype_argument_takes_policy_names_and_objects():
    d = layers.Dense(2, dtype='mixed_bfloat16')
    assert (repr(d.dtype_policy), d.compute_dtype, d.variable_dtype, d.dtype) == \
        ('<DTypePolicy "mixed_bfloat16">', 'bfloat16', 'float32', 'float32')
    assert d(np.ones((1, 3), np.float32)).dtype == tf.bfloat16 and d.kernel.dtype == 'float32'
    assert repr(layers.Dense(2, dtype=mp.Policy('float16')).dtype_policy) == '<DTypePolicy "float16">'


def test_mixed_layers_of_each_kind_compute_in_float16(mixed):
    x = tf.constant([[1.0, 2.0, 3.0]])
    embedding = layers.Embedding(5, 2)
    assert embedding(tf.constant([[1, 2]])).dtype == tf.float16 and embedding.embeddings.dtype == 'float32'
    norm = layers.LayerNormalization()
    assert norm(x).dtype == tf.float16 and norm.gamma.dtype == 'float32'
    batch_norm = layers.BatchNormalization()
    assert batch_norm(x, training=True).dtype == tf.float16 and batch_norm.moving_mean.dtype == 'float32'
    conv = layers.Conv1D(2, 2)
    assert conv(tf.ones((1, 4, 3))).dtype == tf.float16 and conv.kernel.dtype == 'float32'
    lstm = layers.LSTM(2)
    assert lstm(tf.ones((1, 4, 3))).dtype == tf.float16 and lstm.cell.kernel.dtype == 'float32'
    attention = layers.MultiHeadAttention(2, 2)
    assert attention(tf.ones((1, 4, 3)), tf.ones((1, 4, 3))).dtype == tf.float16
    assert layers.Concatenate()([x, x]).dtype == tf.float16 and layers.Rescaling(2.0)(x).dtype == tf.float16
    # normalized in float32 (weights read as float32), the result cast to float16, as Keras 3
    assert layers.GroupNormalization(1)(x).dtype == tf.float16
    assert layers.Normalization(mean=0.5, variance=2.0)(x).dtype == tf.float16
    assert layers.TimeDistributed(layers.Dense(2))(tf.ones((1, 4, 3))).dtype == tf.float16


def test_gradients_reach_float32_weights_in_float32(mixed):
    # TF: DENSE line of gold_tf.py
    dense = layers.Dense(2, kernel_initializer=keras.initializers.Constant([[0.5, -1.0], [0.25, 2.0], [1.5, 0.75]]),
                         bias_initializer='ones')
    x = tf.constant([[0.1, 0.2, 0.3], [1.0, -2.0, 3.0]])
    with tf.GradientTape() as tape:
        out = dense(x)
        loss = tf.reduce_sum(tf.cast(out, 'float32') ** 2)
    kernel_grad, bias_grad = tape.gradient(loss, dense.trainable_variables)
    assert out.dtype == tf.float16 and out.numpy().tolist() == [[1.5498046875, 1.525390625], [5.5, -1.75]]
    assert kernel_grad.dtype == tf.float32 and bias_grad.dtype == tf.float32
    assert kernel_grad.numpy().tolist() == [[11.3125, -3.1953125], [-21.375, 7.609375], [33.9375, -9.5859375]]
    assert bias_grad.numpy().tolist() == [14.1015625, -0.44921875]


def test_configs_name_the_mixed_policy_and_load_back(mixed):
    model = keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Activation('softmax', dtype='float32')])
    config = json.loads(model.to_json())['config']['layers']
    assert config[1]['config']['dtype'] == {'module': 'keras', 'class_name': 'DTypePolicy',
                                            'config': {'name': 'mixed_float16'}, 'registered_name': None}
    assert config[2]['config']['dtype']['config'] == {'name': 'float32'}
    assert model.get_config()['dtype']['config'] == {'name': 'mixed_float16'}
    mp.set_global_policy('float32')
    loaded = keras.Sequential.from_config(model.get_config())
    assert [repr(layer.dtype_policy) for layer in loaded.layers] == ['<DTypePolicy "mixed_float16">',
                                                                     '<DTypePolicy "float32">']
    assert loaded.layers[0].compute_dtype == 'float16'


def test_compile_wraps_the_optimizer_under_mixed_float16_only(mixed):
    keras.backend.clear_session()              # the optimizer's auto-name: 'adam', as in a fresh Keras
    mp.set_global_policy('mixed_float16')      # clear_session forgot the fixture's, as Keras 3's does
    model = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
    model.compile('adam', 'mse')
    assert type(model.optimizer) is LossScaleOptimizer and model.optimizer.name == 'loss_scale_optimizer'
    optimizer = model.get_compile_config()['optimizer']          # Keras saves the optimizer given
    assert (optimizer['class_name'], optimizer['config']['name']) == ('Adam', 'adam')
    mp.set_global_policy('float32')
    model.compile('sgd', 'mse')                    # the model's own policy decides, as in Keras
    assert type(model.optimizer) is LossScaleOptimizer
    model.compile('sgd', 'mse', auto_scale_loss=False)
    assert type(model.optimizer).__name__ == 'SGD'
    bfloat = keras.Sequential([keras.Input((3,)), layers.Dense(2, dtype='mixed_bfloat16')])
    bfloat.compile('sgd', 'mse')
    assert type(bfloat.optimizer).__name__ == 'SGD' and repr(bfloat.dtype_policy) == '<DTypePolicy "float32">'


def test_keras3_loss_scale_optimizer_has_no_tf2_scaled_loss_methods():
    # TF 2.21: hasattr(..., 'get_scaled_loss') and 'get_unscaled_gradients' are both False
    optimizer = mp.LossScaleOptimizer(keras.optimizers.RMSprop())
    assert not hasattr(optimizer, 'get_scaled_loss') and not hasattr(optimizer, 'get_unscaled_gradients')


def test_set_floatx_bfloat16_keeps_an_explicit_global_policy(mixed):
    mp.set_global_policy('float32')
    keras.backend.set_floatx('bfloat16')
    assert keras.backend.floatx() == 'bfloat16' and repr(layers.Dense(2).dtype_policy) == '<DTypePolicy "float32">'


def test_custom_layer_weights_autocast_in_call_unless_made_with_autocast_false(mixed):
    # TF 2.21 printed the same dtypes and values (/work/notes/progs/mixedprec/custom_tf.py)
    class Custom(layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1], 3), initializer='ones')
            self.ws = [self.add_weight(shape=(3,), initializer='ones', name='b%d' % i) for i in range(2)]
            self.scale = self.add_weight(shape=(), initializer='ones', autocast=False, name='scale')

        def call(self, x):
            return tf.matmul(x, self.w) + self.ws[0] + self.ws[1], self.scale

    layer = Custom()
    with tf.GradientTape() as tape:
        y, scale = layer(tf.constant([[0.1, 0.2]]))
        loss = tf.reduce_sum(tf.cast(y, 'float32')) * scale
    assert y.dtype == tf.float16 and scale.dtype == tf.float32 and y.numpy().tolist() == [[2.30078125] * 3]
    assert [g.dtype.name for g in tape.gradient(loss, layer.trainable_weights)] == ['float32'] * 4
    # (Keras 3 keeps the list as its TrackedList, a list subclass)
    assert isinstance(layer.ws, list) and all(type(w).__name__ == 'ResourceVariable' for w in layer.ws)


def test_policy_convert_input_casts_floats_only():
    # TF 2.21 (/work/notes/progs/mixedprec/conv_tf.py)
    policy = mp.Policy('mixed_float16')
    assert policy.convert_input(np.ones((2,), np.float32), True, 'float16').dtype == tf.float16
    assert policy.convert_input(tf.constant([1, 2]), True, 'float16').dtype == tf.int32
    assert policy.convert_input(tf.constant([1.5], tf.float64), True, 'float16').dtype == tf.float16
    assert policy.convert_input([1.0, 2.0], True, 'float16') == [1.0, 2.0]
    assert policy.convert_input(tf.constant([1.5]), False, 'float16').dtype == tf.float32


def test_clear_session_forgets_the_global_policy_but_not_floatx():
    # TF 2.21 / Keras 3.15: mixed_float16, then clear_session -> <DTypePolicy "float32">; floatx stays
    mp.set_global_policy('mixed_float16')
    keras.backend.set_floatx('float16')
    try:
        keras.backend.clear_session()
        assert mp.global_policy().name == 'float16' and keras.backend.floatx() == 'float16'
    finally:
        keras.backend.set_floatx('float32')
        keras.backend.clear_session()
    assert mp.global_policy().name == 'float32'
