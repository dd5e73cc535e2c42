"""weight_decay and loss_scale_factor that are no numbers: Keras 3.15 stores them unchecked and converts them at
the step (``ops.cast(weight_decay, dtype)``, ``grad / loss_scale_factor``), so True decays by 1.0, lists and
tensors broadcast, and a string fails at the first step with TensorFlow's errors, not in the constructor.

Golden values and texts: /work/notes/progs/errors13/wd1.py, wd2.py, wd3.py run under TF 2.21 + Keras 3.15
(each variable printed with .numpy().tolist(); tapeflow's ports print the same)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ALL = ['SGD', 'Adam', 'RMSprop', 'Adagrad', 'Adadelta', 'Adamax', 'Nadam', 'AdamW', 'Ftrl', 'Lion', 'Lamb',
       'Adafactor']
CAST_TEXT = ('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast string to '
             'float is not supported [Op:Cast] name: ')


def one_step(name, **kwargs):
    """(variable, optimizer) after one apply_gradients at learning rate 0.1."""
    optimizer = getattr(keras.optimizers, name)(learning_rate=0.1, **kwargs)
    variable = tf.Variable([[1., 2.], [3., 4.]])
    optimizer.apply_gradients([(tf.constant([[0.1, -0.2], [0.3, 0.4]]), variable)])
    return variable, optimizer


@pytest.mark.parametrize('name, weight_decay, expected', [
    ('SGD', [0.1], [[0.9800000190734863, 2.0], [2.940000057220459, 3.9200000762939453]]),
    ('SGD', True, [[0.8899999856948853, 1.8199999332427979], [2.6700000762939453, 3.559999942779541]]),
    ('SGD', [0.1, 0.2], [[0.9800000190734863, 1.9800000190734863], [2.940000057220459, 3.880000114440918]]),
    ('Adam', [[0.1, 0.2], [0.3, 0.4]], [[0.8900038003921509, 2.059997797012329], [2.810001850128174,
                                                                                 3.7400014400482178]]),
    ('Adam', np.float32(0.1), [[0.8900038003921509, 2.0799977779388428], [2.870001792907715, 3.860001564025879]]),
    ('Lamb', True, [[0.6535249352455139, 2.0464751720428467], [2.4535248279571533, 3.353524684906006]]),
    ('Ftrl', [0.1, 0.2], [[0.01592089794576168, 0.35694995522499084], [0.7465108036994934, 1.4104729890823364]]),
])
def test_weight_decay_that_casts_is_applied_as_keras_casts_it(name, weight_decay, expected):
    variable, _ = one_step(name, weight_decay=weight_decay)
    assert variable.numpy().tolist() == expected


def test_weight_decay_tensor_is_taken():
    variable, _ = one_step('Adafactor', weight_decay=tf.constant(0.1))
    assert variable.numpy().tolist() == [[0.7799893021583557, 2.2769999504089355],
                                         [2.6882410049438477, 3.6943552494049072]]


@pytest.mark.parametrize('name', ALL)
def test_string_weight_decay_fails_at_the_first_step_with_tf_cast_error(name):
    optimizer = getattr(keras.optimizers, name)(learning_rate=0.1, weight_decay='a')    # taken, as by Keras
    assert optimizer.get_config()['weight_decay'] == 'a'
    variable = tf.Variable([[1., 2.], [3., 4.]])
    with pytest.raises(tf.errors.UnimplementedError) as info:
        optimizer.apply_gradients([(tf.constant([[0.1, -0.2], [0.3, 0.4]]), variable)])
    assert str(info.value) == CAST_TEXT
    # the failed step changed nothing (TF: same values, iterations 0)
    assert variable.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]] and int(optimizer.iterations.numpy()) == 0


def test_weight_decay_that_does_not_broadcast_is_muls_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        one_step('Adam', weight_decay=[0.1, 0.2, 0.3])
    assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: [2,2] vs. [3] [Op:Mul] name: ')


@pytest.mark.parametrize('option', ['weight_decay', 'loss_scale_factor'])
def test_function_option_is_tf_conversion_error(option):
    with pytest.raises(ValueError) as info:
        one_step('SGD', **{option: lambda: 0.1})
    assert str(info.value).startswith('Attempt to convert a value (<function ')
    assert str(info.value).endswith(") with an unsupported type (<class 'function'>) to a Tensor.")


@pytest.mark.parametrize('name', ['SGD', 'Adam', 'Ftrl'])
def test_string_loss_scale_factor_is_tf_division_type_error(name):
    variable = tf.Variable([[1., 2.], [3., 4.]])
    optimizer = getattr(keras.optimizers, name)(learning_rate=0.1, loss_scale_factor='a')
    with pytest.raises(TypeError) as info:
        optimizer.apply_gradients([(tf.constant([[0.1, -0.2], [0.3, 0.4]]), variable)])
    assert str(info.value) == '`x` and `y` must have the same dtype, got tf.float32 != tf.string.'
    assert variable.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]] and int(optimizer.iterations.numpy()) == 0


def test_loss_scale_factor_that_does_not_broadcast_is_realdivs_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        one_step('Adam', loss_scale_factor=[1., 2., 3.])
    assert str(info.value) == ('{{function_node __wrapped__RealDiv_device_/job:localhost/replica:0/task:0/device:'
                               'CPU:0}} Incompatible shapes: [2,2] vs. [3] [Op:RealDiv] name: ')


@pytest.mark.parametrize('name, weight_decay, losses', [
    ('SGD', [0.1], [0.3368721604347229, 0.20873971283435822]),
    ('Adam', True, [0.28586193919181824, 0.025852814316749573]),
])
def test_fit_with_a_weight_decay_keras_casts(name, weight_decay, losses, cpu_kind):
    if name == 'Adam' and cpu_kind == 'avx2':       # TF 2.21 on an AVX2 AMD EPYC (Eigen's product order)
        losses = [0.28586193919181824, 0.025852816179394722]
    X = np.linspace(-1, 1, 24).reshape(8, 3).astype('float32')
    Y = (X[:, :2] * 0.5).astype('float32')
    try:
        keras.utils.set_random_seed(1)
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        model.compile(getattr(keras.optimizers, name)(learning_rate=0.1, weight_decay=weight_decay), 'mse')
        history = model.fit(X, Y, epochs=2, batch_size=4, verbose=0)
        assert history.history['loss'] == losses
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()
