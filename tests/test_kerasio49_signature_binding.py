"""Loaded SavedModel signatures bind a numpy array or a list as TF 2.21's structured binding casts it:
converted to a tensor of the input's dtype where its shape fits the spec, else TF's TypeError 'Binding
inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 5), ...) to TensorSpec(shape=(None,
3), ...)`...' with the flat fallback's 'expected argument #0(zero-based) to be a Tensor; got ndarray (...)'.
tapeflow ran the function on them: a Keras layer's input-spec ValueError, a list taken as several inputs
('Only input tensors may be passed as positional arguments ...'), a tf.function's own binding text.
And a subclassed Keras model saved with tf.saved_model.save serves its build shape as recorded, as Keras 3's
_default_save_signature ((1, 4) after a first call on one row): tapeflow listed 'inputs' with no spec
(probes /work/notes/progs/kerasio49/p18.py, p19.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


@pytest.fixture
def sequential_signature(tmp_path):
    model = keras.Sequential([keras.Input((3,)), L.Dense(2)])
    tf.saved_model.save(model, str(tmp_path / 'ss'))
    loaded = tf.saved_model.load(str(tmp_path / 'ss'))
    return model, loaded, loaded.signatures['serving_default']


_SEQ_SIGNATURE = ("(*, inputs: TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')) -> "
                  "Dict[['output_0', TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')]]")


def test_numpy_of_another_shape(sequential_signature):
    _, _, sig = sequential_signature
    x = np.ones((2, 5), 'float32')
    with pytest.raises(TypeError) as caught:
        sig(inputs=x)
    # TF 2.21's text
    assert str(caught.value) == (
        "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 5), dtype=tf.float32, "
        "name='inputs') to TensorSpec(shape=(None, 3), dtype=tf.float32, name='inputs')`. Received args: () and "
        "kwargs: {'inputs': %r} for signature: %s.\nFallback to flat signature also failed due to: "
        "signature_wrapper_serving_default(inputs): expected argument #0(zero-based) to be a Tensor; got ndarray "
        "(%s)." % (x, _SEQ_SIGNATURE, x))


def test_list_of_another_shape(sequential_signature):
    _, _, sig = sequential_signature
    with pytest.raises(TypeError, match=r"(?s)^Binding inputs to tf.function failed due to `Can not cast "
                                        r"TensorSpec\(shape=\(1, 2\), dtype=tf.float32, name='inputs'\) to "
                                        r"TensorSpec\(shape=\(None, 3\), .*got list \(\[\[1.0, 2.0\]\]\)\.$") as caught:
        sig(inputs=[[1., 2.]])
    assert "Received args: () and kwargs: {'inputs': [[1.0, 2.0]]}" in str(caught.value)


def test_fitting_list_and_float64_run(sequential_signature):
    model, _, sig = sequential_signature
    out = sig(inputs=[[1., 2., 3.]])['output_0']       # TF 2.21: (1, 2) float32
    assert tuple(out.shape) == (1, 2) and out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), model(np.array([[1., 2., 3.]], 'float32')).numpy(), rtol=1e-6)
    out = sig(inputs=np.ones((2, 3), 'float64'))['output_0']
    assert out.dtype == tf.float32 and tuple(out.shape) == (2, 2)


class _Doubler(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec((2,), tf.float32)])
    def f(self, x):
        return x * 2.0


def test_module_signature_numpy(tmp_path):
    m = _Doubler()
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures={'f': m.f})
    f = tf.saved_model.load(str(tmp_path / 'sm')).signatures['f']
    with pytest.raises(TypeError) as caught:
        f(x=np.ones((3,), 'float32'))
    # TF 2.21's text
    assert str(caught.value) == (
        "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(3,), dtype=tf.float32, name='x') "
        "to TensorSpec(shape=(2,), dtype=tf.float32, name='x')`. Received args: () and kwargs: {'x': array([1., 1., 1.], "
        "dtype=float32)} for signature: (*, x: TensorSpec(shape=(2,), dtype=tf.float32, name='x')) -> "
        "Dict[['output_0', TensorSpec(shape=(2,), dtype=tf.float32, name='output_0')]].\nFallback to flat signature "
        "also failed due to: signature_wrapper_f(x): expected argument #0(zero-based) to be a Tensor; got ndarray "
        "([1. 1. 1.]).")
    np.testing.assert_array_equal(f(x=[1., 2.])['output_0'].numpy(), [2., 4.])


class _Net(keras.Model):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.a = L.Dense(3)

    def call(self, t):
        return self.a(t)


@pytest.mark.parametrize('build, spec', [
    (lambda n: n(np.ones((1, 4), 'float32')), '(1, 4)'),
    (lambda n: n(np.ones((5, 4), 'float32')), '(5, 4)'),
    (lambda n: n.build((None, 4)), '(None, 4)')])
def test_subclassed_model_serves_its_build_shape(tmp_path, build, spec):
    net = _Net()
    build(net)
    tf.saved_model.save(net, str(tmp_path / 'sn'))
    sig = tf.saved_model.load(str(tmp_path / 'sn')).signatures['serving_default']
    out = spec.replace('4', '3')
    # TF 2.21's signature
    assert str(sig.function_type) == ("(*, inputs: TensorSpec(shape=%s, dtype=tf.float32, name='inputs')) -> "
                                      "Dict[['output_0', TensorSpec(shape=%s, dtype=tf.float32, name='output_0')]]"
                                      % (spec, out))
    assert sig.structured_input_signature == ((), {'inputs': tf.TensorSpec(eval(spec), tf.float32, 'inputs')})
