"""Keras 3 Layer methods tapeflow lacked (AttributeError): compute_output_spec / symbolic_call,
stateless_call, quantize's checks and refusal, quantization_mode, supports_jit,
call_signature_parameters. Texts and values from TF 2.21 / Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class Linear(keras.layers.Layer):
    def __init__(self, units=4, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units), initializer='ones')
        self.b = self.add_weight(shape=(self.units,), initializer='zeros')

    def call(self, x):
        return tf.matmul(x, self.w) + self.b


class Plain(keras.layers.Layer):
    def call(self, x):
        return x * 2.0


X = np.arange(6, dtype='float32').reshape(2, 3)


def test_compute_output_spec_and_symbolic_call():
    spec = keras.layers.Dense(5).compute_output_spec(keras.KerasTensor((None, 3)))
    assert isinstance(spec, keras.KerasTensor) and spec.shape == (None, 5) and spec.dtype == 'float32'
    assert Plain().compute_output_spec(keras.KerasTensor((None, 3))).shape == (None, 3)
    assert keras.layers.Dense(5).symbolic_call(keras.KerasTensor((None, 3))).shape == (None, 5)


def test_compute_output_spec_of_an_unbuilt_layer_reading_its_weights_fails_as_keras():
    keras.backend.clear_session()       # the text names the layer: 'linear', not an earlier test's 'linear_2'
    layer = Linear()
    with pytest.raises(AttributeError) as caught:
        layer.compute_output_spec(keras.KerasTensor((None, 3)))
    assert str(caught.value).startswith(
        "Could not automatically infer the output shape / dtype of 'linear' (of type Linear). Either the "
        "`Linear.call()` method is incorrect, or you need to implement the `Linear.compute_output_spec() / "
        "compute_output_shape()` method. Error encountered:\n\n")
    assert "'Linear' object has no attribute 'w'" in str(caught.value)
    assert not layer.built and layer.get_build_config() is None


def test_stateless_call_returns_outputs_and_non_trainable_values():
    layer = Linear()
    layer(tf.constant(X))
    out, non_trainable = layer.stateless_call([tf.ones((3, 4)) * 2, tf.ones((4,))], [], tf.constant(X))
    assert out.numpy().tolist() == [[7.0] * 4, [25.0] * 4] and non_trainable == []
    assert layer.w.numpy().tolist() == [[1.0] * 4] * 3        # unchanged


def test_stateless_call_keeps_batch_norm_statistics():
    bn = keras.layers.BatchNormalization()
    bn(tf.constant(X), training=True)
    out, (mean, var) = bn.stateless_call(bn.trainable_variables, bn.non_trainable_variables, tf.constant(X),
                                         training=True)
    np.testing.assert_allclose(out.numpy(), [[-0.9998] * 3, [0.9998] * 3], atol=1e-4)
    np.testing.assert_allclose(mean.numpy(), [0.0298, 0.0497, 0.0696], atol=1e-4)
    np.testing.assert_allclose(var.numpy(), [1.0249] * 3, atol=1e-4)
    np.testing.assert_allclose(bn.moving_mean.numpy(), [0.015, 0.025, 0.035], atol=1e-4)    # one update only


def test_stateless_call_refusals():
    with pytest.raises(ValueError, match=r'^To call stateless_call, Linear must be built \(i\.e\. its variables must '
                                         r'have been already created\)\. You can build it by calling it on some data\.$'):
        Linear().stateless_call([], [], tf.constant(X))
    layer = Linear()
    layer(tf.constant(X))
    with pytest.raises(ValueError) as caught:
        layer.stateless_call([tf.ones((3, 4))], [], tf.constant(X))
    assert str(caught.value) == ('Argument `trainable_variables` must be a list of tensors corresponding 1:1 to '
                                 'Linear().trainable_variables. Received list with length 1, but expected 2 variables.')


def test_quantize_checks_and_refusal():
    layer = Linear()
    layer(tf.constant(X))
    assert layer.quantization_mode is None
    with pytest.raises(ValueError) as caught:
        layer.quantize('xyz')
    assert str(caught.value) == ("Invalid quantization mode. Expected one of ('int8', 'float8', 'int4', 'gptq', "
                                 "'awq'). Received: mode=xyz")
    with pytest.raises(NotImplementedError) as caught:
        layer.quantize('int8')
    assert str(caught.value) == 'Layer Linear does not have a `quantize` method implemented.'
    with pytest.raises(ValueError) as caught:
        Plain(name='plain_q').quantize('int8')
    assert str(caught.value) == ("Cannot quantize a layer that isn't yet built. Layer 'plain_q' (of type 'Plain') "
                                 "is not built yet.")


def test_supports_jit_and_call_signature_parameters():
    assert Linear().supports_jit is True
    assert Linear().call_signature_parameters == ['x']


class Penalized(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 2), initializer='ones')

    def call(self, x):
        self.add_loss(tf.reduce_sum(self.w))
        return x @ self.w


def test_stateless_call_returns_its_own_call_losses():
    layer = Penalized()
    layer(np.ones((1, 3), 'float32'))
    _, _, losses = layer.stateless_call([tf.ones((3, 2)) * 3], [], np.ones((1, 3), 'float32'), return_losses=True)
    assert [float(x) for x in losses] == [18.0]
    assert [float(x) for x in layer.losses] == [6.0]       # the real call's, kept


def test_compute_output_spec_with_a_shape_per_argument():
    class Two(keras.layers.Layer):
        def call(self, a, b):
            return a + b

        def compute_output_shape(self, a_shape, b_shape):
            return (a_shape[0], b_shape[-1])

    spec = Two().compute_output_spec(keras.KerasTensor((None, 3)), keras.KerasTensor((None, 4)))
    assert spec.shape == (None, 4) and spec.dtype == 'float32'


def test_model_quantize_checks_then_refuses():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)], name='seq_q')
    with pytest.raises(ValueError, match=r"^Invalid quantization mode\. Expected one of \('int8', 'float8', 'int4', "
                                         r"'gptq', 'awq'\)\. Received: mode=xyz$"):
        model.quantize('xyz')
    with pytest.raises(ValueError, match=r'^You must provide either `mode` or `config` to `quantize`\.$'):
        model.quantize()
    with pytest.raises(ValueError, match=r"^Unrecognized keyword arguments passed to Sequential: \{'foo': 1\}$"):
        model.quantize('int8', foo=1)
    unbuilt = keras.Sequential([keras.layers.Dense(2)], name='unbuilt_q')
    with pytest.raises(ValueError, match=r"^Cannot quantize a layer that isn't yet built\. Layer 'unbuilt_q' \(of "
                                         r"type 'Sequential'\) is not built yet\.$"):
        unbuilt.quantize('int8')
    with pytest.raises(NotImplementedError, match='tapeflow has no quantized kernels'):
        model.quantize('int8')
    assert model.layers[0].kernel.dtype == 'float32' and model.quantization_mode is None


def test_stateless_call_gradients_go_to_the_given_values():
    dense = keras.layers.Dense(2, kernel_initializer='ones')
    x = tf.constant([[1., 2., 3.]])
    dense(x)
    given = [tf.constant(np.full((3, 2), 2., 'float32')), tf.constant(np.zeros(2, 'float32'))]
    with tf.GradientTape() as tape:
        tape.watch(given)
        out, _ = dense.stateless_call(given, [], x)
        loss = tf.reduce_sum(out ** 2)
    grads = tape.gradient(loss, given + dense.trainable_variables)
    assert grads[0].numpy().tolist() == [[24.0, 24.0], [48.0, 48.0], [72.0, 72.0]]
    assert grads[1].numpy().tolist() == [24.0, 24.0]
    assert grads[2:] == [None, None]        # Keras's variables read as the given tensors


def test_stateless_call_gradients_through_a_model_with_batch_norm():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, kernel_initializer='ones'),
                              keras.layers.BatchNormalization(), keras.layers.Dense(2, kernel_initializer='ones')])
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        out, _ = model.stateless_call(model.trainable_variables, model.non_trainable_variables, x, training=False)
        loss = tf.reduce_sum(out ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    np.testing.assert_allclose(grads[0].numpy()[:, 0], [575.425, 815.185, 1054.945], rtol=1e-5)
    assert model.layers[1].moving_mean.numpy().tolist() == [0.0] * 4
