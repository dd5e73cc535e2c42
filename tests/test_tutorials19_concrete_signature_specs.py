"""A SavedModel signature given as a concrete function keeps that trace's input specs (guide/
saved_model saves ``module.__call__.get_concrete_function(tf.TensorSpec(...))``): TF 2.21's loaded
signature lists them in ``structured_input_signature``, checks call dtypes against them and shapes
its outputs from them. tapeflow's signature kept only the tf.function (which has no input_signature)
and raised AttributeError. Values printed by TF 2.21 running the same code
(/work/notes/progs/tutorials19/sig_concrete2.py); TF's wrapper function name carries a counter
('__inference_signature_wrapper_174'), so only the rest of its dtype error is pinned.
"""
import pytest

import framework as tf


class _Scaled(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        return x * self.v

    @tf.function
    def g(self, a, b):
        return {'s': a + tf.cast(b, a.dtype), 'p': a * 2}


def _loaded(tmp_path, signatures):
    module = _Scaled()
    made = {name: fn(module) for name, fn in signatures.items()}
    tf.saved_model.save(module, str(tmp_path / 'm'), signatures=made)
    return tf.saved_model.load(str(tmp_path / 'm'))


def _array(module):
    return module.__call__.get_concrete_function(tf.TensorSpec([None], tf.float32))


def _pair(module):
    return module.g.get_concrete_function(tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([None, 2], tf.int32))


def test_concrete_function_signature_lists_its_specs(tmp_path):
    loaded = _loaded(tmp_path, {'serving_default': _array, 'two': _pair})
    assert repr(loaded.signatures['serving_default'].structured_input_signature) == (
        "((), {'x': TensorSpec(shape=(None,), dtype=tf.float32, name='x')})")
    _, specs = loaded.signatures['two'].structured_input_signature
    assert sorted((name, repr(spec)) for name, spec in specs.items()) == [
        ('a', "TensorSpec(shape=(None, 2), dtype=tf.float32, name='a')"),
        ('b', "TensorSpec(shape=(None, 2), dtype=tf.int32, name='b')")]


def test_outputs_take_the_specs_open_dimensions(tmp_path):
    signature = _loaded(tmp_path, {'serving_default': _array}).signatures['serving_default']
    assert signature(tf.ones([3]))['output_0'].numpy().tolist() == [1., 1., 1.]
    assert repr(signature.structured_outputs) == (
        "{'output_0': TensorSpec(shape=(None,), dtype=tf.float32, name='output_0')}")


@pytest.mark.parametrize('call, words', [
    (lambda s: s['serving_default'](tf.ones([3], tf.int32)),
     'as input #0(zero-based) was expected to be a float tensor but is a int32 tensor'),
    (lambda s: s['two'](a=tf.ones([1, 2]), b=tf.ones([1, 2])),
     'as input #1(zero-based) was expected to be a int32 tensor but is a float tensor')])
def test_call_dtypes_are_checked_against_the_trace(tmp_path, call, words):
    signatures = _loaded(tmp_path, {'serving_default': _array, 'two': _pair}).signatures
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call(signatures)
    assert str(info.value).startswith('cannot compute __inference_signature_wrapper')
    assert words in str(info.value)


def test_concrete_function_wrapper_has_no_suffix(tmp_path):
    """TF: 'signature_wrapper(a, b) takes 0 positional arguments, got 1.' for a concrete function's
    signature, where an input_signature function's wrapper is 'signature_wrapper_<name>'
    (/work/notes/progs/tutorials19/sig_order.py)."""
    signature = _loaded(tmp_path, {'two': _pair}).signatures['two']
    with pytest.raises(TypeError) as info:
        signature(tf.ones([1, 2]))
    assert str(info.value).endswith(
        'Fallback to flat signature also failed due to: signature_wrapper(a, b) takes 0 positional arguments, got 1.')


class _Reversed(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.int32)])
    def f(self, zeta, alpha):
        return zeta + tf.cast(alpha, tf.float32)


def _reversed_signature(tmp_path):
    module = _Reversed()
    tf.saved_model.save(module, str(tmp_path / 'r'), signatures={'f': module.f})
    return tf.saved_model.load(str(tmp_path / 'r')).signatures['f']


def test_wrapper_takes_its_inputs_in_name_order(tmp_path):
    """TF's signature wrapper sorts its keyword inputs: (alpha, zeta) for f(zeta, alpha), in its binding
    errors and in the graph's input numbers (/work/notes/progs/tutorials19/sig_order2.py)."""
    signature = _reversed_signature(tmp_path)
    assert signature(zeta=tf.ones([1]), alpha=tf.constant([2], tf.int32))['output_0'].numpy().tolist() == [3.]
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        signature(zeta=tf.ones([1]), alpha=tf.ones([1]))
    assert 'as input #0(zero-based) was expected to be a int32 tensor but is a float tensor' in str(info.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        signature(zeta=tf.ones([1], tf.int32), alpha=tf.ones([1], tf.int32))
    assert 'as input #1(zero-based) was expected to be a float tensor but is a int32 tensor' in str(info.value)
    with pytest.raises(TypeError) as info:
        signature()
    text = str(info.value)
    assert text.startswith("Binding inputs to tf.function failed due to `missing a required argument: 'alpha'`.")
    assert ("for signature: (*, alpha: TensorSpec(shape=(None,), dtype=tf.int32, name='alpha'), zeta: "
            "TensorSpec(shape=(None,), dtype=tf.float32, name='zeta'))") in text
    assert text.endswith('Fallback to flat signature also failed due to: signature_wrapper_f(alpha, zeta) missing '
                         'required arguments: alpha, zeta.')
