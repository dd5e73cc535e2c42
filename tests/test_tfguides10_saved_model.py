"""tf.saved_model as the 'Using the SavedModel format' guide (tensorflow/docs guide/saved_model) runs it.

Expected values are TF 2.21's for the same programs (run under tensorflow-cpu 2.21, progs/tfguides10/p_sig.py):
a tf.Module whose only input_signature function is a setter (returns nothing) saves no signature, as the
guide asserts (`assert len(imported.signatures) == 0`); beside a getter, the getter is serving_default; a
signature traced for TensorSpec(None) runs on any shape and lists its output as shape <unknown>.
"""
import numpy as np
import pytest

import framework as tf
from framework.saved_model.returns_value import may_return_value


class Setter(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


class SetterAndGetter(Setter):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def get(self, x):
        return x * self.v


class AnyShape(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
    def __call__(self, x):
        return {'o': x * 2.}


def _reload(obj, path, **kwargs):
    tf.saved_model.save(obj, str(path), **kwargs)
    return tf.saved_model.load(str(path))


def test_a_setter_is_no_default_signature(tmp_path):
    loaded = _reload(Setter(), tmp_path / 'setter')
    assert len(loaded.signatures) == 0          # TF: []
    loaded.mutate(tf.constant(2.))
    assert float(loaded.v.numpy()) == 2.0


def test_the_getter_beside_a_setter_is_serving_default(tmp_path):
    loaded = _reload(SetterAndGetter(), tmp_path / 'both')
    assert list(loaded.signatures) == ['serving_default']      # TF: ['serving_default'] (two candidates before)
    out = loaded.signatures['serving_default'](x=tf.constant(3.))
    assert float(out['output_0'].numpy()) == 3.0


def test_unknown_rank_signature_runs_and_lists_unknown_output(tmp_path):
    module = AnyShape()
    call = module.__call__.get_concrete_function(tf.TensorSpec(None, tf.float32))
    signature = _reload(module, tmp_path / 'any', signatures={'serving_default': call}).signatures['serving_default']
    out = signature(x=tf.constant(4.))      # tapeflow raised AttributeError: 'NoneType' ... 'rank'
    assert out['o'].shape == () and float(out['o'].numpy()) == 8.0
    out = signature(x=tf.constant([[4.]]))
    assert out['o'].shape == (1, 1)
    assert repr(signature.structured_outputs) == \
        "{'o': TensorSpec(shape=<unknown>, dtype=tf.float32, name='o')}"


def _nothing(x):
    x.assign(1.)


def _explicit_none(x):
    if x:
        return None
    return


def _inner_returns(x):
    def inner():
        return x
    inner()


def _returns(x):
    if x:
        return x
    return None


def _yields(x):
    yield x


def test_may_return_value_reads_the_functions_own_returns():
    assert not may_return_value(_nothing)
    assert not may_return_value(_explicit_none)
    assert not may_return_value(_inner_returns)         # the nested function's return is its own
    assert may_return_value(_returns)
    assert may_return_value(_yields)
    assert may_return_value(lambda x: x)                 # a lambda returns its expression
    assert may_return_value(len)                         # no source: kept as a candidate


class Traced(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)

    @tf.function
    def __call__(self, x):
        return x * self.v

    @tf.function
    def two(self, x, k=2):
        return x * k


# TF 2.21's text for the guide's `imported(tf.constant([3.]))` after saving traces for () and (1, 2)
_EXPECTED = ("Could not find matching concrete function to call loaded from the SavedModel. Got:\n"
             "  Positional arguments (1 total):\n    * <tf.Tensor 'x:0' shape=(1,) dtype=float32>\n"
             "  Keyword arguments: {}\n\n Expected these arguments to match one of the following 2 option(s):\n\n"
             "Option 1:\n  Positional arguments (1 total):\n    * TensorSpec(shape=(), dtype=tf.float32, name='x')\n"
             "  Keyword arguments: {}\n\nOption 2:\n  Positional arguments (1 total):\n"
             "    * TensorSpec(shape=(1, 2), dtype=tf.float32, name='x')\n  Keyword arguments: {}")


def _traced_and_loaded(path):
    module = Traced()
    module(tf.constant(0.))
    module(tf.constant([[1., 2.]]))
    module.two(tf.constant([1.]), k=3)
    return _reload(module, path)


def test_loaded_function_runs_only_its_saved_traces(tmp_path):
    loaded = _traced_and_loaded(tmp_path / 'traced')
    assert float(loaded(tf.constant(5.)).numpy()) == 5.0
    assert loaded(tf.constant([[3., 4.]])).numpy().tolist() == [[3., 4.]]
    with pytest.raises(ValueError) as info:      # tapeflow traced it anew before
        loaded(tf.constant([3.]))
    assert str(info.value) == _EXPECTED
    with pytest.raises(ValueError, match=r"<tf.Tensor 'x:0' shape=\(\) dtype=int32>"):
        loaded(tf.constant(3))
    assert float(loaded(3.).numpy()) == 3.0          # TF converts a Python number for the () trace


def test_loaded_method_checks_python_arguments_too(tmp_path):
    loaded = _traced_and_loaded(tmp_path / 'traced2')
    assert loaded.two(tf.constant([1.]), k=3).numpy().tolist() == [3.]
    with pytest.raises(ValueError) as info:          # k defaults to 2; the saved trace has k=3
        loaded.two(tf.constant([1.]))
    assert ("Positional arguments (2 total):\n    * <tf.Tensor 'x:0' shape=(1,) dtype=float32>\n    * 2\n"
            in str(info.value))
    assert "Option 1:\n  Positional arguments (2 total):\n    * TensorSpec(shape=(1,), dtype=tf.float32, name='x')\n" \
        "    * 3\n" in str(info.value)


def test_function_saved_untraced_has_no_function_after_load(tmp_path):
    loaded = _reload(Traced(), tmp_path / 'fresh')        # TF 2.21 saves no concrete function for it
    with pytest.raises(ValueError, match='^Found zero restored functions for caller function.$'):
        loaded.two(tf.constant([2.]))


def test_loaded_function_converts_python_and_numpy_arguments_as_tf(tmp_path):
    """TF 2.21 (progs/tfguides10/p_load2.py): Python numbers and lists take the trace's dtype, numpy
    arrays keep their own (float64 fits no float32 trace), a list of another shape fits none."""
    loaded = _traced_and_loaded(tmp_path / 'traced3')
    out = loaded(3)
    assert out.dtype == tf.float32 and out.shape == ()
    assert loaded([[1, 2]]).dtype == tf.float32
    assert loaded(np.float32(2.)).shape == ()
    with pytest.raises(ValueError) as info:
        loaded([1., 2.])
    assert '    * [1.0, 2.0]\n' in str(info.value)
    with pytest.raises(ValueError, match=r"<tf.Tensor 'x:0' shape=\(1, 2\) dtype=float64>"):
        loaded(np.array([[1., 2.]]))
    out = loaded.two([1.], k=3)
    assert out.dtype == tf.float32 and out.numpy().tolist() == [3.]


class EmptyDict(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def noop(self, x):
        return {}


def test_a_function_returning_an_empty_dict_is_no_default_signature(tmp_path):
    assert list(_reload(EmptyDict(), tmp_path / 'empty').signatures) == []      # TF 2.21: [] (p_sig.py, D)
