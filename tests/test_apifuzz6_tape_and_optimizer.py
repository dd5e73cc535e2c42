"""GradientTape and optimizer misuse raising what TensorFlow 2.21 + Keras 3 raise. Classes and texts from
the same calls under TF 2.21 (/work/notes/progs/apifuzz6, cases tape|*, opt|*, and p/o1.py, p/t1.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _tape():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        y = x * x
    return tape, x, y


@pytest.mark.parametrize('call, attribute', [
    (lambda t, x, y: t.gradient(3.0, x), 'dtype'),                 # TF: 'float' object has no attribute 'dtype'
    (lambda t, x, y: t.gradient(y, 2.0), '_id'),                   # TF: 'float' object has no attribute '_id'
    (lambda t, x, y: t.gradient(y, np.float32(2.0)), '_id'),       # TF: 'numpy.float32' object has no attribute '_id'
    (lambda t, x, y: t.jacobian(3.0, x), 'shape'),                 # TF: 'float' object has no attribute 'shape'
    (lambda t, x, y: t.jacobian(y, 3.0), 'dtype'),                 # TF: ... 'float' object has no attribute 'dtype'
])
def test_non_tensor_targets_and_sources_are_tf_attribute_errors(call, attribute):
    tape, x, y = _tape()
    with pytest.raises(AttributeError, match="object has no attribute '%s'" % attribute) as caught:
        call(tape, x, y)
    assert isinstance(caught.value, TypeError)       # and still the TypeError tapeflow raised before


def test_extra_output_gradients_are_left_unused():
    tape, x, y = _tape()
    # TF 2.21: [2. 4.] (the first seed, 1.0, for the one target) and [2. 8.]
    assert tape.gradient(y, x, output_gradients=[1.0, 2.0]).numpy().tolist() == [2.0, 4.0]
    assert tape.gradient([y], x, output_gradients=[tf.constant([1.0, 2.0]),
                                                    tf.constant([5.0, 5.0])]).numpy().tolist() == [2.0, 8.0]


def _pairs():
    return tf.Variable([1.0, 2.0]), tf.constant([0.1, 0.2])


def test_apply_gradients_of_nothing_is_tf_value_error():
    optimizer = keras.optimizers.Adam()
    with pytest.raises(ValueError) as caught:
        optimizer.apply_gradients([])
    assert str(caught.value) == 'not enough values to unpack (expected 2, got 0)'
    v, g = _pairs()
    pairs = zip([g], [v])
    optimizer.apply_gradients(pairs)
    with pytest.raises(ValueError, match='not enough values to unpack'):       # the zip is spent
        optimizer.apply_gradients(pairs)
    assert int(optimizer.iterations) == 1


@pytest.mark.parametrize('items, tf_class', [
    (lambda v, g: [(g, v, v)], ValueError),        # TF: too many values to unpack (expected 2)
    (lambda v, g: [g, v], AttributeError),         # TF: 'EagerTensor' object has no attribute '_unique_id'
])
def test_non_pairs_raise_tf_classes(items, tf_class):
    v, g = _pairs()
    with pytest.raises(tf_class, match=r'expected \(gradient, variable\) pairs'):
        keras.optimizers.Adam().apply_gradients(items(v, g))


@pytest.mark.parametrize('call', [
    lambda o, v, g: o.apply_gradients([(g, tf.constant([1.0, 2.0]))]),
    lambda o, v, g: o.apply_gradients([(g, np.ones(2, 'float32'))]),
    lambda o, v, g: o.apply([g], [tf.constant([1.0, 2.0])]),
    lambda o, v, g: o.build([tf.constant(1.0)]),
])
def test_non_variables_are_tf_attribute_errors(call):
    v, g = _pairs()
    with pytest.raises(AttributeError, match="object has no attribute '_unique_id'"):
        call(keras.optimizers.Adam(), v, g)


def test_adam_on_an_integer_variable_is_invalid_argument():
    with pytest.raises(tf.errors.InvalidArgumentError):     # TF: cannot compute Mul ... int32 ... float
        keras.optimizers.Adam().apply_gradients([(tf.constant([1, 2]), tf.Variable([1, 2]))])


def test_apply_zips_gradients_with_variables():
    # TF 2.21: v1 -> [0.5], v2 built but unchanged; the second gradient for one variable goes unused
    optimizer = keras.optimizers.SGD(0.5)
    v1, v2 = tf.Variable([1.0]), tf.Variable([2.0])
    optimizer.apply([tf.constant([1.0])], [v1, v2])
    assert (v1.numpy().tolist(), v2.numpy().tolist(), len(optimizer.variables)) == ([0.5], [2.0], 2)
    w = tf.Variable([1.0])
    optimizer = keras.optimizers.SGD(0.5)
    optimizer.apply([tf.constant([1.0]), tf.constant([3.0])], [w])
    assert w.numpy().tolist() == [0.5] and int(optimizer.iterations) == 1


@pytest.mark.parametrize('cls, options, expected', [
    # TF 2.21, SGD default learning rate 0.01, gradient [0.5, -3.0] on [1.0, 2.0] (p/o2.py, p/o3.py)
    (keras.optimizers.SGD, dict(learning_rate=-0.1), [1.05, 1.7]),
    (keras.optimizers.SGD, dict(clipnorm=-1.0), [0.995, 2.03]),            # a bound <= 0 clips nothing
    (keras.optimizers.SGD, dict(clipvalue=-1.0), [0.995, 2.03]),
    (keras.optimizers.SGD, dict(global_clipnorm=-1.0), [0.995, 2.03]),
    (keras.optimizers.SGD, dict(weight_decay=-0.1), [0.99600005, 2.032]),
    (keras.optimizers.Adam, dict(epsilon=-1.0), [1.0000161, 1.9998952]),
    (keras.optimizers.Nadam, dict(epsilon=-1.0), [1.0010628, 2.001594]),
    (keras.optimizers.Adagrad, dict(epsilon=-1.0), [np.nan, 2.001054]),
    (keras.optimizers.RMSprop, dict(epsilon=-1.0), [np.nan, np.nan]),
])
def test_negative_hyperparameters_are_taken_as_keras_takes_them(cls, options, expected):
    v = tf.Variable([1.0, 2.0])
    cls(**options).apply_gradients([(tf.constant([0.5, -3.0]), v)])
    np.testing.assert_allclose(v.numpy(), np.array(expected, np.float32), rtol=1e-6)


def test_a_hyperparameter_that_is_no_number_is_still_refused():
    with pytest.raises(TypeError, match='`clipnorm` must be a number'):     # TF: TypeError from '>' at the update
        keras.optimizers.SGD(clipnorm='a')


def test_apply_without_variables_needs_one_gradient_per_built_variable():
    v, g = _pairs()
    optimizer = keras.optimizers.Adam()
    with pytest.raises(ValueError, match='^When passing `grads` without `variables`, the optimizer must already be '
                                         'built'):
        optimizer.apply([g])
    optimizer.build([v])
    with pytest.raises(ValueError) as caught:          # TF 2.21's words, 'one-to-on' included
        optimizer.apply([g, g])
    assert str(caught.value) == ('When passing `grads` as a list of gradient tensors, the gradients must match '
                                 '`optimizer.variables` one-to-on. Received a list of 2 gradients, but the optimizer '
                                 'is tracking 1 trainable variables.')
    optimizer.apply([g])
    assert int(optimizer.iterations) == 1


def test_learning_rate_of_a_string_in_keras_words():
    with pytest.raises(ValueError) as caught:          # TF 2.21, constructor
        keras.optimizers.Adam(learning_rate='a')
    assert str(caught.value) == ('Argument `learning_rate` should be float, or an instance of LearningRateSchedule, '
                                 'or a callable (that takes in the current iteration value and returns the '
                                 'corresponding learning rate value). Received instead: learning_rate=a')
    optimizer = keras.optimizers.Adam()
    with pytest.raises(TypeError, match="^Cannot convert 'a' to EagerTensor of dtype float"):     # TF 2.21, setter
        optimizer.learning_rate = 'a'


def test_a_string_gradient_is_tf_unimplemented_cast():
    v, g = _pairs()
    with pytest.raises(tf.errors.UnimplementedError, match=r'Cast string to float is not supported \[Op:Cast\]'):
        keras.optimizers.Adam().apply_gradients([('a', v)])         # TF 2.21
    assert v.numpy().tolist() == [1.0, 2.0]
