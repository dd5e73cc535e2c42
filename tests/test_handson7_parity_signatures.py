"""Loaded SavedModel signatures are called as TensorFlow 2.21's signature wrappers are
(progs/handson7/x02.py, x03.py and p11.py, run under /opt/tfref): Géron's ch. 19 calls an
exported model's ``signatures['serving_default'](X_new)`` positionally, which TF accepts for a
one-input signature; wrong calls raise TF's binding TypeError, a wrong dtype the kernel's
InvalidArgumentError. Expected texts are copied from TF's output."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _Two(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([None], tf.float32, name='bee')])
    def f(self, a, b):
        return a * self.w + b


class _One(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        return {'scaled': x * self.w}


def _loaded_signature(module, path):
    tf.saved_model.save(module, str(path), signatures=module.f)
    return tf.saved_model.load(str(path)).signatures['serving_default']


def test_one_input_signature_takes_it_positionally(tmp_path):
    sig = _loaded_signature(_One(), tmp_path)
    assert sig(tf.constant([1.0]))['scaled'].numpy().tolist() == [2.0]
    assert sig(x=tf.constant([1.5]))['scaled'].numpy().tolist() == [3.0]
    with pytest.raises(TypeError) as info:
        sig(tf.constant([1.0]), tf.constant([1.0]))
    text = str(info.value)
    assert text.startswith('Binding inputs to tf.function failed due to `too many positional arguments`.')
    # TF: "... for signature: (*, x: TensorSpec(shape=(None,), dtype=tf.float32, name='x'))
    #  -> Dict[['scaled', TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')]].
    #  Fallback to flat signature also failed due to: signature_wrapper_f(x) takes 1 positional arguments, got 2."
    assert text.endswith("for signature: (*, x: TensorSpec(shape=(None,), dtype=tf.float32, name='x')) -> "
                         "Dict[['scaled', TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')]].\n"
                         'Fallback to flat signature also failed due to: signature_wrapper_f(x) takes 1 '
                         'positional arguments, got 2.')
    assert repr(sig.structured_outputs) == \
        "{'scaled': TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')}"


@pytest.mark.parametrize('call, reason, flat', [
    (lambda s, x: s(x, x), '`too many positional arguments`', 'takes 0 positional arguments, got 2'),
    (lambda s, x: s(x, bee=x), '`too many positional arguments`', 'takes 0 positional arguments, got 1'),
    (lambda s, x: s(a=x, b=x), "`missing a required argument: 'bee'`", 'missing required arguments: bee'),
    (lambda s, x: s(a=x, bee=x, c=x), "`got an unexpected keyword argument 'c'`",
     'got unexpected keyword arguments: c'),
])
def test_two_input_signature_is_keyword_only(tmp_path, call, reason, flat):
    sig = _loaded_signature(_Two(), tmp_path)
    x = tf.constant([1.0])
    assert sig(a=x, bee=tf.constant([10.0]))['output_0'].numpy().tolist() == [12.0]
    with pytest.raises(TypeError) as info:
        call(sig, x)
    text = str(info.value)
    assert text.startswith('Binding inputs to tf.function failed due to %s. Received args: ' % reason)
    assert "for signature: (*, a: TensorSpec(shape=(None,), dtype=tf.float32, name='a'), bee: TensorSpec(" in text
    assert text.endswith('\nFallback to flat signature also failed due to: signature_wrapper_f(a, bee) %s.' % flat)


def test_signature_dtype_mismatch_is_the_kernels_error(tmp_path):
    sig = _loaded_signature(_Two(), tmp_path)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'cannot compute __inference_signature_wrapper_f\S* as input #0\(zero-based\) was '
                             r'expected to be a float tensor but is a int32 tensor'):
        sig(a=tf.constant([1]), bee=tf.constant([1.0]))


def test_exported_keras_model_signature(tmp_path):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Input(shape=[3]), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'k'), verbose=False)
    sig = tf.saved_model.load(str(tmp_path / 'k')).signatures['serving_default']
    x = tf.ones((1, 3))
    expected = model(x, training=False).numpy()
    np.testing.assert_array_equal(sig(x)['output_0'].numpy(), expected)
    np.testing.assert_array_equal(sig(keras_tensor=x)['output_0'].numpy(), expected)
    assert repr(sig.structured_input_signature) == \
        "((), {'keras_tensor': TensorSpec(shape=(None, 3), dtype=tf.float32, name='keras_tensor')})"
    assert repr(sig.structured_outputs) == \
        "{'output_0': TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')}"
    with pytest.raises(TypeError) as info:
        sig(inputs=x)
    assert str(info.value).endswith(
        "for signature: (*, keras_tensor: TensorSpec(shape=(None, 3), dtype=tf.float32, name='keras_tensor')) -> "
        "Dict[['output_0', TensorSpec(shape=(None, 2), dtype=tf.float32, name='output_0')]].\n"
        'Fallback to flat signature also failed due to: signature_wrapper___call__(keras_tensor) missing required '
        'arguments: keras_tensor.')


def test_structured_outputs_before_any_call_says_why(tmp_path):
    sig = _loaded_signature(_One(), tmp_path)
    with pytest.raises(ValueError, match='has not run yet'):
        sig.structured_outputs
