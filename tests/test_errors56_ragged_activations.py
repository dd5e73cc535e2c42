"""keras.activations' elementwise functions of a RaggedTensor map its values, as TF 2.21's ops dispatch on it
(keras.activations.elu(ragged, alpha=0.5) is a RaggedTensor; tapeflow: "ValueError: TypeError: object of type
'RaggedTensor' has no len()"), and the activation layers (ELU, ReLU, LeakyReLU, Activation) take a ragged batch,
its float values cast to the layer's dtype as Keras 3's autocast does. Probe: /work/notes/progs/errors56/ra.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras

A = keras.activations


def _ragged(dtype=tf.float32):
    return tf.ragged.constant([[-1.0, 0.0], [2.0]], dtype=dtype)


def _close(ragged, expected):
    assert isinstance(ragged, tf.RaggedTensor)
    assert ragged.row_lengths().numpy().tolist() == [len(row) for row in expected]
    np.testing.assert_allclose(ragged.flat_values.numpy(), [v for row in expected for v in row], rtol=1e-6, atol=1e-7)


# TF 2.21's values (float32)
@pytest.mark.parametrize('call, expected', [
    (lambda x: A.elu(x), [[-0.6321205496788025, 0.0], [2.0]]),
    (lambda x: A.elu(x, alpha=0.5), [[-0.31606027483940125, 0.0], [2.0]]),
    (lambda x: A.tanh(x), [[-0.7615941762924194, 0.0], [0.9640275835990906]]),
    (lambda x: A.selu(x), [[-1.1113307476043701, 0.0], [2.1014020442962646]]),
    (lambda x: A.sigmoid(x), [[0.2689414322376251, 0.5], [0.8807970881462097]]),
    (lambda x: A.softplus(x), [[0.3132616877555847, 0.6931471824645996], [2.1269280910491943]]),
    (lambda x: A.softsign(x), [[-0.5, 0.0], [0.6666666865348816]]),
    (lambda x: A.silu(x), [[-0.2689414322376251, 0.0], [1.7615941762924194]]),
    (lambda x: A.gelu(x), [[-0.15865525603294373, 0.0], [1.9544997215270996]]),
    (lambda x: A.exponential(x), [[0.3678794503211975, 1.0], [7.389056205749512]]),
    (lambda x: A.hard_sigmoid(x), [[0.3333333432674408, 0.5], [0.8333333134651184]]),
    (lambda x: A.leaky_relu(x), [[-0.20000000298023224, 0.0], [2.0]]),
    (lambda x: A.mish(x), [[-0.30340149998664856, 0.0], [1.9439589977264404]]),
    (lambda x: A.hard_silu(x), [[-0.3333333432674408, 0.0], [1.6666666269302368]]),
    (lambda x: A.celu(x), [[-0.6321205496788025, 0.0], [2.0]]),
    (lambda x: A.log_sigmoid(x), [[-1.31326162815094, -0.6931471824645996], [-0.12692800164222717]]),
    (lambda x: A.sparse_plus(x), [[0.0, 0.25], [2.0]]),
    (lambda x: A.squareplus(x), [[0.6180340051651001, 1.0], [2.4142136573791504]]),
    (lambda x: A.tanh_shrink(x), [[-0.23840582370758057, 0.0], [1.0359723567962646]]),
    (lambda x: A.hard_tanh(x), [[-1.0, 0.0], [1.0]]),
    (lambda x: A.soft_shrink(x), [[-0.5, 0.0], [1.5]]),
    (lambda x: A.hard_shrink(x), [[-1.0, 0.0], [2.0]]),
    (lambda x: A.relu(x, negative_slope=0.1), [[-0.10000000149011612, 0.0], [2.0]]),
    (lambda x: A.relu(x, max_value=1.0), [[0.0, 0.0], [1.0]]),
    (lambda x: A.relu(x, threshold=0.5), [[0.0, 0.0], [2.0]]),
    (lambda x: A.get('elu')(x), [[-0.6321205496788025, 0.0], [2.0]]),
])
def test_elementwise_activations_map_the_ragged_values(call, expected):
    out = call(_ragged())
    assert out.dtype == tf.float32
    _close(out, expected)


def test_integer_values_meet_the_kernels_refusal():
    # TF 2.21: the Elu kernel's registry error, as for a dense int32 tensor
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        A.elu(tf.ragged.constant([[-1, 0], [2]]))
    assert str(err.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: half, "
                                     "bfloat16, float, double\n\t; NodeDef: {{node Elu}}")
    out = A.tanh(tf.ragged.constant([[-1, 0], [2]]))        # TF 2.21: float32, as Keras's tanh of integers
    assert out.dtype == tf.float32
    _close(out, [[-0.7615941762924194, 0.0], [0.9640275835990906]])


@pytest.mark.parametrize('layer, expected', [
    (lambda: keras.layers.ELU(), [[-0.6321205496788025, 0.0], [2.0]]),
    (lambda: keras.layers.ReLU(), [[0.0, 0.0], [2.0]]),
    (lambda: keras.layers.ReLU(max_value=1.0), [[0.0, 0.0], [1.0]]),
    (lambda: keras.layers.LeakyReLU(), [[-0.3, 0.0], [2.0]]),      # (the layer's default slope is 0.3)
    (lambda: keras.layers.Activation('tanh'), [[-0.7615941762924194, 0.0], [0.9640275835990906]]),
    (lambda: keras.layers.Activation('elu'), [[-0.6321205496788025, 0.0], [2.0]]),
])
def test_activation_layers_take_a_ragged_batch(layer, expected):
    out = layer()(_ragged())
    assert out.dtype == tf.float32
    _close(out, expected)


def test_a_float64_ragged_batch_is_cast_to_the_layers_dtype():
    out = keras.layers.ELU()(_ragged(tf.float64))
    assert out.dtype == tf.float32         # TF 2.21: float32 [[-0.6321205496788025, 0.0], [2.0]]
    _close(out, [[-0.6321205496788025, 0.0], [2.0]])


def test_an_integer_ragged_batch_in_elu_is_the_layers_wrapped_kernel_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        keras.layers.ELU()(tf.ragged.constant([[-1, 0], [2]]))
    # TF 2.21: "Exception encountered when calling ELU.call().\n\n\x1b[1mValue for attr 'T' of int32 ..."
    assert 'Exception encountered when calling ELU.call()' in str(err.value)
    assert "Value for attr 'T' of int32 is not in the list of allowed values" in str(err.value)


def test_dense_tensors_and_keras_tensors_are_unchanged():
    np.testing.assert_allclose(A.elu(tf.constant([-1.0, 2.0]), alpha=0.5).numpy(), [-0.31606028, 2.0], rtol=1e-6)
    out = A.elu(keras.Input((3,)))
    assert tuple(out.shape) == (None, 3)
