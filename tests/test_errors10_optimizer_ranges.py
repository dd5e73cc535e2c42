"""Optimizer hyper-parameters that Keras 3 does not range-check train as in TensorFlow 2.21.

Keras 3.15 checks no range for Adam/Nadam/Adamax/Lamb's betas, RMSprop's rho and momentum,
Adadelta's rho, Lion's beta_2, Ftrl's beta, Adafactor's clip_threshold or LossScaleOptimizer's
initial_scale / dynamic_growth_steps; tapeflow refused them (errors10 fuzzer D rows). The values
below are TF's: /work/notes/progs/errors10/p/o2.py run under /opt/tfref (tensorflow 2.21 + Keras 3),
three apply_gradients steps from V0 with the gradients (i + 1) * G, i = 0, 1, 2, printed as float(x).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

V0 = [[1.0, -2.0, 3.0], [0.5, 0.25, -1.0]]
G = np.array([[0.1, -0.2, 0.3], [0.4, -0.5, 0.6]], 'float32')
NAN = [float('nan')] * 6

CASES = [
    ('Adam', dict(beta_1=1.5), [0.7310991287231445, -1.731096625328064, 2.731096029281616, 0.2310953587293625,
                                0.5189048647880554, -1.2689051628112793]),
    ('Adam', dict(beta_1=1.0), NAN),
    ('Adam', dict(beta_2=-0.1), [0.7593787312507629, -1.7593786716461182, 2.759378671646118, 0.2593786418437958,
                                 0.4906213879585266, -1.2406213283538818]),
    ('RMSprop', dict(momentum=1.5), [-1.4753482341766357, 0.47541093826293945, 0.5245778560638428,
                                     -1.9754265546798706, 2.7254281044006348, -3.475429058074951]),
    ('RMSprop', dict(rho=-0.1), [0.7106116414070129, -1.7106112241744995, 2.71061110496521, 0.21061110496520996,
                                 0.53938889503479, -1.28938889503479]),
    ('Adadelta', dict(rho=1.5), NAN),
    ('Nadam', dict(beta_1=1.5), [1.3944416046142578, -2.394441843032837, 3.394441843032837, 0.8944417238235474,
                                 -0.14444175362586975, -0.6055582761764526]),
    ('Adamax', dict(beta_1=-0.1), [0.6915141940116882, -1.6915141344070435, 2.691514253616333, 0.19151410460472107,
                                   0.5584858655929565, -1.308485984802246]),
    ('Lamb', dict(beta_1=1.5), [0.5435975790023804, -1.5435973405838013, 2.543597459793091, 0.04359734058380127,
                                0.7064027190208435, -1.4564027786254883]),
    ('Lion', dict(beta_2=1.5), [1.100000023841858, -2.0999999046325684, 3.0999999046325684, 0.6000000238418579,
                                0.15000000596046448, -0.8999999761581421]),
    ('Lion', dict(beta_1=float('nan')), NAN),
    ('Ftrl', dict(beta=-0.1), [-0.12309765070676804, -0.176137775182724, 0.8015210628509521, -0.03953676298260689,
                               0.4193742871284485, -0.9067438840866089]),
    ('Adafactor', dict(clip_threshold=-1.0), [0.6721855401992798, -1.498023271560669, 2.3955397605895996,
                                              -0.05912227928638458, 0.7851089835166931, -1.5154852867126465]),
    ('Adafactor', dict(clip_threshold=float('nan')), NAN),
]


def three_steps(optimizer, start=V0, gradient=G):
    variable = tf.Variable(np.array(start, 'float32'))
    for i in range(3):
        optimizer.apply_gradients([(tf.constant(gradient * (i + 1)), variable)])
    return variable.numpy().ravel()


@pytest.mark.parametrize('name, options, expected', CASES, ids=['%s-%s' % (c[0], sorted(c[1])[0]) for c in CASES])
def test_out_of_range_hyper_parameters_train_as_tensorflow(name, options, expected):
    got = three_steps(getattr(keras.optimizers, name)(learning_rate=0.1, **options))
    np.testing.assert_array_equal(got, np.array(expected, 'float32'))


def test_a_scalar_tensor_beta_is_taken_as_its_value():
    # TF: Adam(beta_1=tf.constant(0.8)) trains (tapeflow: "must be a number in [0, 1)")
    got = three_steps(keras.optimizers.Adam(learning_rate=0.1, beta_1=tf.constant(0.8)))
    np.testing.assert_array_equal(got, np.array([0.7022566199302673, -1.702254056930542, 2.7022531032562256,
                                                 0.2022526115179062, 0.5477476119995117, -1.2977478504180908], 'float32'))


@pytest.mark.parametrize('options, expected, scale', [
    (dict(initial_scale=-0.1), [1.6000001430511475, -0.20000001788139343, 2.799999952316284], -0.10000000149011612),
    (dict(initial_scale=0.0), [-np.inf, np.inf, -np.inf], 0.0),
    (dict(dynamic_growth_steps=True), [0.9999991655349731, 1.0000016689300537, 0.9999974966049194], 262144.0),
    (dict(dynamic_growth_steps=0), [0.9999982118606567, 1.0000035762786865, 0.9999945163726807], 32768.0),
])
def test_loss_scale_optimizer_takes_any_scale_and_growth_steps(options, expected, scale):
    optimizer = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.1), **options)
    got = three_steps(optimizer, start=[1.0, 1.0, 1.0], gradient=np.array([0.1, -0.2, 0.3], 'float32'))
    np.testing.assert_array_equal(got, np.array(expected, 'float32'))
    assert float(optimizer.dynamic_scale) == scale


@pytest.mark.parametrize('make, text', [
    (lambda: keras.optimizers.Ftrl(initial_accumulator_value=-1.0),
     '`initial_accumulator_value` needs to be positive or zero. Received: initial_accumulator_value=-1.0.'),
    (lambda: keras.optimizers.Ftrl(learning_rate_power=0.5),
     '`learning_rate_power` needs to be negative or zero. Received: learning_rate_power=0.5.'),
    (lambda: keras.optimizers.Ftrl(l2_shrinkage_regularization_strength=-2.0),
     '`l2_shrinkage_regularization_strength` needs to be positive or zero. '
     'Received: l2_shrinkage_regularization_strength=-2.0.'),
    (lambda: keras.optimizers.Lion(beta_1=1.5), 'Argument `beta_1` must be in the [0, 1] range. Otherwise, the '
     'optimizer degenerates to SignSGD. Received: beta_1=1.5.'),
    (lambda: keras.optimizers.Lion(beta_1=0.0), 'Argument `beta_1` must be in the [0, 1] range. Otherwise, the '
     'optimizer degenerates to SignSGD. Received: beta_1=0.0.'),
])
def test_the_ranges_keras_does_check_raise_its_words(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_lion_beta_1_that_is_no_number_is_the_comparison_type_error():
    with pytest.raises(TypeError) as info:
        keras.optimizers.Lion(beta_1='a')
    assert str(info.value) == "'<=' not supported between instances of 'str' and 'int'"
    assert 'must be a number in (0, 1]' in info.value.__notes__[0]


@pytest.mark.parametrize('make, error, what', [
    (lambda: keras.optimizers.Adam(beta_1='a'), ValueError, 'beta_1'),
    # TF: TypeError "unsupported operand type(s) for -: 'int' and 'TrackedList'" (Keras's 1 - rho)
    (lambda: keras.optimizers.RMSprop(rho=[0.9, 0.8]), TypeError, 'rho'),
    (lambda: keras.optimizers.Lamb(beta_1=[0.9]), TypeError, 'beta_1'),
    # TF: ValueError "Cannot assign value to variable ' nadam/variable:0': Shape mismatch..." (its u_product)
    (lambda: keras.optimizers.Nadam(beta_1=[0.9]), ValueError, 'beta_1'),
    (lambda: keras.optimizers.Adadelta(rho=None), ValueError, 'rho'),
])
def test_a_value_that_is_no_number_is_still_refused_by_name(make, error, what):
    with pytest.raises(error, match=what):
        make()


@pytest.mark.parametrize('inner, text', [
    (None, "'NoneType' object has no attribute 'loss_scale_factor'"),
    (0.5, "'float' object has no attribute 'loss_scale_factor'"),
    (np.float64(0.5), "'numpy.float64' object has no attribute 'loss_scale_factor'"),
    (lambda: 0.1, "'function' object has no attribute 'build'"),
])
def test_a_loss_scale_optimizer_around_no_optimizer_is_keras_attribute_error(inner, text):
    # TF 2.21: Keras sets inner_optimizer.loss_scale_factor (Python's error), a function takes it and fails at build
    with pytest.raises(AttributeError) as info:
        keras.optimizers.LossScaleOptimizer(inner)
    assert str(info.value) == text
    assert 'must be an Optimizer' in info.value.__notes__[0]


def test_dynamic_growth_steps_that_is_no_number_is_a_type_error():
    # TF 2.21: TypeError "unsupported operand type(s) for -: 'str' and 'int'" at the first step
    with pytest.raises(TypeError, match='dynamic_growth_steps'):
        keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(), dynamic_growth_steps='a')
