"""A SavedModel signature made from a concrete function takes the trace's flat tensors as its keyword
inputs, and calls the function with the Python values it was traced with, as TF 2.21's signature
wrapper does: f(x, scale=2.0).get_concrete_function(spec) serves (*, x) (tapeflow: (*, scale, x), so
sig(x=...) failed "missing a required argument: 'scale'"); a dict or tuple argument serves p, p_1 / pair,
pair_1 and rebuilds the structure (tapeflow: 'keeps no TensorSpecs'); a keyword-only literal stays the
traced one (probe /work/notes/progs/kerasio48/p8.py)."""
import numpy as np
import pytest

import framework as tf

S = tf.TensorSpec((2,), tf.float32)


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([1., 2.])

    @tf.function
    def f(self, x, scale=2.0):
        return x * self.v * scale

    @tf.function
    def d(self, p, k=1):
        return p['a'] + p['b'] * k

    @tf.function
    def t(self, pair, flag=True):
        return pair[0] - pair[1] if flag else pair[0] + pair[1]

    @tf.function
    def kw(self, x, *, s=2):
        return x * s


@pytest.fixture(scope='module')
def loaded(tmp_path_factory):
    m = M()
    signatures = {'f': m.f.get_concrete_function(S), 'f3': m.f.get_concrete_function(S, 3.0),
                  'd': m.d.get_concrete_function({'a': S, 'b': S}), 't': m.t.get_concrete_function((S, S), False),
                  'kw': m.kw.get_concrete_function(S, s=5)}
    path = str(tmp_path_factory.mktemp('k48') / 'm')
    tf.saved_model.save(m, path, signatures=signatures)
    return tf.saved_model.load(path)


@pytest.mark.parametrize('name, keywords, expected', [
    # TF 2.21's inputs and outputs
    ('f', ['x'], [2., 8.]), ('f3', ['x'], [3., 12.]), ('d', ['p', 'p_1'], [2., 4.]),
    ('t', ['pair', 'pair_1'], [2., 4.]),
    ('kw', ['x'], [5., 10.])])
def test_keywords_are_the_flat_tensors(loaded, name, keywords, expected):
    signature = loaded.signatures[name]
    _, specs = signature.structured_input_signature
    assert sorted(specs) == keywords
    assert all(specs[k] == tf.TensorSpec((2,), tf.float32, name=k) for k in keywords)
    x = tf.constant([1., 2.])
    out = signature(**{k: x for k in keywords})
    assert list(out) == ['output_0']
    np.testing.assert_array_equal(out['output_0'].numpy(), expected)


def test_python_arguments_are_no_keywords(loaded):
    x = tf.constant([1., 2.])
    np.testing.assert_array_equal(loaded.signatures['f'](x)['output_0'].numpy(), [2., 8.])
    # TF 2.21's refusal
    with pytest.raises(TypeError) as err:
        loaded.signatures['f'](x=x, scale=2.0)
    assert str(err.value) == (
        "Binding inputs to tf.function failed due to `got an unexpected keyword argument 'scale'`. Received args: () "
        "and kwargs: {'x': %r, 'scale': 2.0} for signature: (*, x: TensorSpec(shape=(2,), dtype=tf.float32, "
        "name='x')) -> Dict[['output_0', TensorSpec(shape=(2,), dtype=tf.float32, name='output_0')]].\n"
        'Fallback to flat signature also failed due to: signature_wrapper(x) got unexpected keyword arguments: '
        'scale.' % (x,))
    with pytest.raises(TypeError, match="missing a required argument: 'p'"):
        loaded.signatures['d'](a=x, b=x)
