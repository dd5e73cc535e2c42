"""A loaded model.export endpoint has the attributes of TF 2.21's RestoredFunction: Keras 3 exports
``serve`` as a tf.function of one positional ``args_0`` taking the model's input specs, so
``loaded.serve`` lists its concrete function, prints its signature, gives its input_signature and
get_concrete_function(), and is named 'restored_function_body' (as every revived function, a loaded
tf.Module's too). tapeflow raised AttributeError "'_RestoredEndpoint' object has no attribute ..." for
all of them (and named a loaded tf.Module's function after its Python function). Probes: notes
progs/kerasio54/p7.py, p8.py (kerasio53's left item 3)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _fill(model):
    for i, v in enumerate(model.weights):
        n = int(np.prod(v.shape))
        v.assign((((np.arange(n) % 7) - 3 + i) * 0.1).reshape(v.shape).astype('float32'))
    return model


def _loaded(model, path):
    _fill(model).export(str(path), verbose=False)
    return tf.saved_model.load(str(path))


def _single():
    inp = keras.Input((3,), name='feat')
    return keras.Model(inp, L.Dense(2, name='d')(inp))


FEAT = "TensorSpec(shape=(None, 3), dtype=tf.float32, name='feat')"
UNKNOWN_2 = "TensorSpec(shape=(None, 2), dtype=tf.float32, name='unknown')"


def test_single_input_endpoint_signatures(tmp_path):
    lo = _loaded(_single(), tmp_path / 'ex')
    # TF 2.21's texts
    assert lo.serve.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  args_0 (POSITIONAL_OR_KEYWORD): %s\nOutput Type:\n  %s\nCaptures:\n  None'
        % (FEAT, UNKNOWN_2))
    assert lo.serve.pretty_printed_concrete_signatures(verbose=False) == '(args_0: %s) -> %s' % (FEAT, UNKNOWN_2)
    assert str(lo.serve.input_signature) == '(%s,)' % FEAT
    assert len(lo.serve.concrete_functions) == 1
    assert str(lo.serve.concrete_functions[0].structured_input_signature) == '((%s,), {})' % FEAT
    np.testing.assert_allclose(lo.serve.concrete_functions[0](tf.ones((1, 3))).numpy(), [[-0.5, -0.1]], rtol=1e-6)
    assert (lo.serve.__name__, lo.serve.name) == ('restored_function_body', 'restored_function_body')


def test_single_input_get_concrete_function(tmp_path):
    lo = _loaded(_single(), tmp_path / 'ex')
    for concrete in (lo.serve.get_concrete_function(), lo.serve.get_concrete_function(tf.TensorSpec((None, 3)))):
        lines = str(concrete).split('\n')
        # TF 2.21 (then two capture lines '<id>: TensorSpec(shape=(), dtype=tf.resource, name=None)')
        assert lines[:5] == ['ConcreteFunction Input Parameters:', '  args_0 (POSITIONAL_OR_KEYWORD): %s' % FEAT,
                             'Output Type:', '  TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)', 'Captures:']
        assert [line.split(': ', 1)[1] for line in lines[5:]] == \
            ['TensorSpec(shape=(), dtype=tf.resource, name=None)'] * 2
    with pytest.raises(TypeError, match='^Binding inputs to tf.function failed due to `Can not cast TensorSpec'):
        lo.serve.get_concrete_function(tf.TensorSpec((None, 4)))
    assert lo.serve.experimental_get_tracing_count() == 1
    np.testing.assert_allclose(lo.serve(np.ones((1, 3), 'float32')).numpy(), [[-0.5, -0.1]], rtol=1e-6)


def test_list_and_dict_inputs(tmp_path):
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    lo = _loaded(keras.Model([a, b], L.Dense(2, name='d')(L.Concatenate()([a, b]))), tmp_path / 'm2')
    specs = "TensorSpec(shape=(None, 3), dtype=tf.float32, name='a'), TensorSpec(shape=(None, 2), dtype=tf.float32, " \
            "name='b')"
    assert str(lo.serve.input_signature) == '([%s],)' % specs
    assert lo.serve.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  args_0 (POSITIONAL_OR_KEYWORD): List[%s]\nOutput Type:\n  %s\nCaptures:\n  None'
        % (specs, UNKNOWN_2))
    p, q = keras.Input((3,), name='p'), keras.Input((2,), name='q')
    model = keras.Model({'q': q, 'p': p}, {'out': L.Dense(2, name='e')(L.Concatenate()([p, q]))})
    lo = _loaded(model, tmp_path / 'md')
    p_spec = "TensorSpec(shape=(None, 3), dtype=tf.float32, name='p')"
    q_spec = "TensorSpec(shape=(None, 2), dtype=tf.float32, name='q')"
    assert str(lo.serve.input_signature) == "({'p': %s, 'q': %s},)" % (p_spec, q_spec)
    # TF 2.21 prints the dict in its saved protobuf map's order, which changes from run to run
    # (either order below); tapeflow keeps the sorted one
    texts = ["Input Parameters:\n  args_0 (POSITIONAL_OR_KEYWORD): Dict[%s]\nOutput Type:\n"
             "  Dict[['out', TensorSpec(shape=(None, 2), dtype=tf.float32, name='out')]]\nCaptures:\n  None" % items
             for items in ("['p', %s], ['q', %s]" % (p_spec, q_spec), "['q', %s], ['p', %s]" % (q_spec, p_spec))]
    assert lo.serve.pretty_printed_concrete_signatures() in texts


class K54Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)


def test_subclassed_model_endpoint(tmp_path):
    model = K54Sub()
    model(np.ones((2, 3), 'float32'))
    lo = _loaded(model, tmp_path / 'sub')
    # TF 2.21: the spec is unnamed, its printout names it after the argument
    assert str(lo.serve.input_signature) == '(TensorSpec(shape=(None, 3), dtype=tf.float32, name=None),)'
    assert str(lo.serve.get_concrete_function().structured_input_signature) == \
        "((TensorSpec(shape=(None, 3), dtype=tf.float32, name='args_0'),), {})"


class K54Module(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    def serve(self, x):
        return x * 2.0


def test_loaded_module_function_name(tmp_path):
    tf.saved_model.save(K54Module(), str(tmp_path / 'mm'))
    lo = tf.saved_model.load(str(tmp_path / 'mm'))
    assert (lo.serve.__name__, lo.serve.name) == ('restored_function_body', 'restored_function_body')


def test_restored_function_class_name_and_unknown_attribute(tmp_path):
    tf.saved_model.save(K54Module(), str(tmp_path / 'mm'))
    lo = tf.saved_model.load(str(tmp_path / 'mm'))
    le = _loaded(_single(), tmp_path / 'ex')
    for function in (lo.serve, le.serve):
        # TF 2.21: RestoredFunction, and its class in the AttributeError (tapeflow: 'Function' / '_RestoredEndpoint')
        assert (type(function).__name__, type(function).__qualname__) == ('RestoredFunction', 'RestoredFunction')
        for name in ('bogus', '_bogus'):
            with pytest.raises(AttributeError) as info:
                getattr(function, name)
            assert str(info.value) == "'RestoredFunction' object has no attribute '%s'" % name
