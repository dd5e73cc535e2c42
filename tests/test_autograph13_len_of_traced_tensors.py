"""autograph13: len() of a tensor inside a tf.function, as TF 2.21 answers it (printed by TF 2.21,
/work/notes/progs/autograph13/p4.py, p5.py, p7.py). AutoGraph's len in converted code gives the static length (a
variable's too) and refuses a scalar with a ValueError naming the Shape op; code it leaves as it is
(autograph=False, a Keras layer's / model's call, a Keras step, a functional build) meets the graph tensor's
TypeError. tapeflow gave the eager length everywhere, and its eager refusals for a scalar and a variable."""
import pytest

import framework as tf
from framework import keras


def _refusal(name):
    return ('len is not well defined for a symbolic Tensor (%s). Please call `x.shape` rather than `len(x)` for shape '
            'information.' % name)


def test_converted_len_is_the_static_length_a_python_int():
    seen = []

    @tf.function
    def f(x):
        n = len(x)
        seen.append(type(n).__name__)
        return x * n
    # TF 2.21: a 3 int / tf.Tensor([3. 3. 3.], shape=(3,), dtype=float32)
    assert f(tf.ones([3])).numpy().tolist() == [3.0, 3.0, 3.0]
    assert seen == ['int']


def test_converted_len_of_a_variable_reads_its_shape():
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def f():
        return len(v)
    assert int(f()) == 2            # TF 2.21: tf.Tensor(2, shape=(), dtype=int32)
    with pytest.raises(TypeError, match="^object of type 'ResourceVariable' has no len\\(\\)$"):
        len(v)                      # eagerly TF 2.21 refuses it


def test_converted_len_of_a_scalar_names_the_shape_op():
    @tf.function
    def f(x):
        return len(x)

    @tf.function
    def g(x):
        tf.shape(x)
        return len(x)
    with pytest.raises(ValueError) as info:
        f(tf.constant(1.0))
    assert 'return len(x)' in str(info.value)
    assert str(info.value).endswith(
        'ValueError: len requires a non-scalar tensor, got one of shape Tensor("Shape:0", shape=(0,), dtype=int32)\n')
    with pytest.raises(ValueError, match=r'got one of shape Tensor\("Shape_1:0", shape=\(0,\), dtype=int32\)'):
        g(tf.constant(1.0))


def test_unconverted_len_refuses_the_graph_tensor_by_its_name():
    @tf.function(autograph=False)
    def doubled(x):
        return len(x * 2)

    @tf.function(autograph=False)
    def argument(x):
        return len(x)

    @tf.function(autograph=False)
    def named(x):
        return len(tf.reduce_sum(x, axis=0, name='total'))

    @tf.function(autograph=False)
    def variable():
        return len(v)
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(TypeError) as info:
        doubled(tf.ones([3]))
    assert str(info.value) == _refusal('mul:0')
    with pytest.raises(TypeError) as info:
        argument(tf.constant(1.0))      # (a scalar: the same refusal, not the eager 'Scalar tensor has no `len()`')
    assert str(info.value) == _refusal('x:0')
    with pytest.raises(TypeError) as info:
        named(tf.ones([3, 2]))
    assert str(info.value) == _refusal('total:0')
    with pytest.raises(TypeError) as info:
        variable()
    assert str(info.value) == "object of type 'ResourceVariable' has no len()"


class Scaled(keras.layers.Layer):
    def call(self, x):
        return x * len(x)


class ScaledModel(keras.Model):
    def call(self, x):
        return x * len(x)


def test_a_keras_call_in_a_function_or_step_meets_the_refusal():
    layer = Scaled()
    assert layer(tf.ones([3, 2])).numpy().tolist() == [[3.0, 3.0]] * 3      # eagerly len() answers

    @tf.function
    def call(x):
        return layer(x)
    with pytest.raises(TypeError) as info:
        call(tf.ones([3, 2]))
    text = str(info.value)
    assert text.startswith('in user code:')
    assert 'TypeError: Exception encountered when calling Scaled.call().' in text
    assert _refusal('x:0') in text
    model = ScaledModel()
    model.compile('sgd', 'mse')
    with pytest.raises(TypeError) as info:
        model.predict(tf.ones([3, 2]), verbose=0)
    assert str(info.value).startswith('Exception encountered when calling ScaledModel.call().')
    assert _refusal('data:0') in str(info.value)


def test_a_functional_build_meets_the_refusal_on_its_placeholder():
    keras.backend.clear_session()
    with pytest.raises(TypeError) as info:
        Scaled()(keras.Input((2,)))
    assert "Could not automatically infer the output shape / dtype of 'scaled'" in str(info.value)
    assert _refusal('Placeholder:0') in str(info.value)
    with pytest.raises(TypeError) as info:
        keras.Sequential([keras.Input((2,)), Scaled()])
    assert _refusal('Placeholder:0') in str(info.value)


def test_python_run_eagerly_inside_a_trace_keeps_len():
    @tf.function
    def f(x):
        return tf.py_function(lambda t: len(t), [x], tf.int32)
    assert int(f(tf.ones([4]))) == 4        # TF 2.21: tf.Tensor(4, shape=(), dtype=int32)
