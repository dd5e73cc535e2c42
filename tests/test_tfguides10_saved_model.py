"""tf.saved_model as the 'Using the SavedModel format' guide (tensorflow/docs guide/saved_model) runs it.

Expected values are TF 2.21's for the same programs (run under tensorflow-cpu 2.21, progs/tfguides10/p_sig.py):
a tf.Module whose only input_signature function is a setter (returns nothing) saves no signature, as the
guide asserts (`assert len(imported.signatures) == 0`); beside a getter, the getter is serving_default; a
signature traced for TensorSpec(None) runs on any shape and lists its output as shape <unknown>.
"""
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
