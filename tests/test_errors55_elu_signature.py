"""tf.nn.elu has TF 2.21's signature (features, name=None): a second positional argument is the name, and alpha
is Keras's alone (keras.activations.elu, keras.ops.elu, keras.layers.ELU). tapeflow's (features, alpha=1.0,
name=None) read tf.nn.elu(x, 'NM') as alpha ("Cannot convert 'NM' to EagerTensor of dtype float"), scaled by
tf.nn.elu(x, 2.0) and took alpha=. Probe: /work/notes/progs/errors55/el.py."""
import pytest

import framework as tf
from framework import keras

X = [-1.0, 2.0]
ELU = [-0.6321205496788025, 2.0]            # TF 2.21's float32 values, as float64
HALF_ALPHA = [-0.31606027483940125, 2.0]


def test_the_second_positional_argument_is_the_name():
    x = tf.constant(X)
    assert tf.nn.elu(x, 'NM').numpy().tolist() == ELU        # TF 2.21: the name, no scaling
    assert tf.nn.elu(x, 2.0).numpy().tolist() == ELU
    assert tf.nn.elu(features=x, name='a').numpy().tolist() == ELU
    rt = tf.ragged.constant([[-1.0], [2.0, 0.5]])
    assert tf.nn.elu(rt, 'nm').to_list() == [[ELU[0]], [2.0, 0.5]]


@pytest.mark.parametrize('call, text', [
    (lambda x: tf.nn.elu(x, alpha=2.0), "elu() got an unexpected keyword argument 'alpha'"),
    (lambda x: tf.nn.elu(x, 'a', 'b'), 'elu() takes from 1 to 2 positional arguments but 3 were given'),
    (lambda x: tf.nn.elu(), "elu() missing 1 required positional argument: 'features'"),
])
def test_python_argument_errors_are_tfs(call, text):
    with pytest.raises(TypeError) as err:
        call(tf.constant(X))
    assert str(err.value) == text           # TF 2.21's


@pytest.mark.parametrize('name, tail', [('NM', 'NM'), (2.0, '2.0')])
def test_a_positional_name_ends_the_kernel_error(name, tail):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.elu(tf.constant([1]), name)
    # TF 2.21: "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double ..."
    assert str(err.value).startswith("Value for attr 'T' of int32 is not in the list of allowed values: half, ")
    assert str(err.value).endswith('[Op:Elu] name: ' + tail)


def test_keras_keeps_its_alpha():
    x = tf.constant(X)
    assert keras.activations.elu(x, alpha=0.5).numpy().tolist() == HALF_ALPHA      # TF 2.21's
    assert keras.activations.elu(x, 0.5).numpy().tolist() == HALF_ALPHA
    assert keras.ops.elu(x, 0.5).numpy().tolist() == HALF_ALPHA
    assert keras.layers.ELU(0.5)(x).numpy().tolist() == HALF_ALPHA
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = keras.activations.elu(v, alpha=0.5)
    assert tape.gradient(y, v).numpy().tolist() == [0.18393972516059875, 1.0]


def test_a_traced_call_takes_the_name():
    f = tf.function(lambda z: tf.nn.elu(z, 'q'))
    assert f(tf.constant(X)).numpy().tolist() == ELU          # TF 2.21's
