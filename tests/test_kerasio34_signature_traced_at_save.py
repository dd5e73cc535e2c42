"""tf.saved_model.save traces a signature never called before, as TF 2.21 does: the loaded
signature lists its outputs (guide/saved_model's CustomModuleWithOutputName prints
{'custom_output_name': TensorSpec(shape=<unknown>, ...)}), its binding errors show the output type,
the function's Python print shows once at the save, and the variables it assigns keep their values
(a trace assigns nothing). tapeflow raised "this signature has not run yet". Values printed by
TF 2.21 running the same code (/work/notes/progs/kerasio34/s26_sig_never_called.py).
"""
import pytest

import framework as tf


class _One(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)
        self.n = tf.Variable(0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(self, x):
        print('tracing f')
        self.n.assign_add(1)
        return {'scaled': x * self.w}


class _Named(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def __call__(self, x):
        return {'custom_output_name': x * self.v}


class _Strings(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def up(self, s):
        return tf.strings.upper(s)


def test_save_traces_once_and_assigns_nothing(tmp_path, capsys):
    module = _One()
    tf.saved_model.save(module, str(tmp_path / 'd'), signatures=module.f)
    assert capsys.readouterr().out == 'tracing f\n'
    assert module.n.numpy() == 0
    sig = tf.saved_model.load(str(tmp_path / 'd')).signatures['serving_default']
    assert repr(sig.structured_outputs) == "{'scaled': TensorSpec(shape=(None,), dtype=tf.float32, name='scaled')}"
    with pytest.raises(TypeError) as info:
        sig(tf.constant([1.0]), tf.constant([1.0]))
    assert str(info.value) == (
        "Binding inputs to tf.function failed due to `too many positional arguments`. Received args: "
        "(<tf.Tensor: shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>, <tf.Tensor: shape=(1,), "
        "dtype=float32, numpy=array([1.], dtype=float32)>) and kwargs: {} for signature: (*, x: TensorSpec("
        "shape=(None,), dtype=tf.float32, name='x')) -> Dict[['scaled', TensorSpec(shape=(None,), dtype=tf.float32, "
        "name='scaled')]].\nFallback to flat signature also failed due to: signature_wrapper_f(x) takes 1 positional "
        "arguments, got 2.")


def test_guide_concrete_function_of_unknown_rank(tmp_path):
    module = _Named()
    call_output = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    tf.saved_model.save(module, str(tmp_path / 'mo'), signatures={'serving_default': call_output})
    loaded = tf.saved_model.load(str(tmp_path / 'mo'))
    assert repr(loaded.signatures['serving_default'].structured_outputs) == (
        "{'custom_output_name': TensorSpec(shape=<unknown>, dtype=tf.float32, name='custom_output_name')}")


def test_string_signature(tmp_path):
    module = _Strings()
    tf.saved_model.save(module, str(tmp_path / 'st'), signatures=module.up)
    loaded = tf.saved_model.load(str(tmp_path / 'st'))
    assert repr(loaded.signatures['serving_default'].structured_outputs) == (
        "{'output_0': TensorSpec(shape=(None,), dtype=tf.string, name='output_0')}")


class _LambdaAttribute(tf.Module):
    def __init__(self):
        self.v = tf.Variable(2.0)
        self.f = tf.function(lambda x: x * self.v + 1.0, input_signature=[tf.TensorSpec([None], tf.float32)])


def test_tf_function_of_a_lambda_kept_as_an_attribute(tmp_path):
    # TF 2.21 (progs/kerasio34/t_pickle_fn.py): [3.] and its outputs; tapeflow could not find the
    # lambda again ("'function' object has no attribute '<locals>'") nor pickle it
    module = _LambdaAttribute()
    tf.saved_model.save(module, str(tmp_path / 'pf'), signatures={'a': module.f})
    sig = tf.saved_model.load(str(tmp_path / 'pf')).signatures['a']
    assert sig(x=tf.constant([1.0]))['output_0'].numpy().tolist() == [3.0]
    assert repr(sig.structured_outputs) == "{'output_0': TensorSpec(shape=(None,), dtype=tf.float32, name='output_0')}"
