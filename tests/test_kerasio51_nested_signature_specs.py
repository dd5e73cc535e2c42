"""A SavedModel signature made from a tf.function whose input_signature nests its specs in a dict, a
tuple or a list takes one keyword per spec, as TF 2.21's signature wrapper does: the spec's own name,
else its parameter's, repeats numbered ('d', 'd_1'; 'pair', 'pair_1'), and calls the function with
the tensors put back in place. tapeflow listed one keyword per parameter (the dict's second spec lost)
and could not call it (probes /work/notes/progs/kerasio51/p5.py, p6.py, p8.py)."""
import numpy as np

import framework as tf


class _Nested(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([1., 2.])

    @tf.function(input_signature=[{'b': tf.TensorSpec([2], tf.float32),
                                   'a': tf.TensorSpec([None], tf.float32, name='aa')},
                                  tf.TensorSpec([], tf.float32)])
    def h(self, d, k):
        return {'z': d['a'] * k, 'b': d['b'] * self.v, 'c1': k}

    @tf.function(input_signature=[(tf.TensorSpec([2]), tf.TensorSpec([2])), [tf.TensorSpec([1]), tf.TensorSpec([1])]])
    def t(self, pair, lst):
        return [pair[0] + pair[1], lst[0] * 3.0 + lst[1]]

    @tf.function(input_signature=[[tf.TensorSpec([], name='k'), tf.TensorSpec([])], tf.TensorSpec([], name='k')])
    def dup(self, l, z):
        return l[0] + l[1] * 2.0 + z * 4.0


def _loaded(tmp_path):
    module = _Nested()
    tf.saved_model.save(module, str(tmp_path / 'sm'), signatures={'h': module.h, 't': module.t, 'dup': module.dup})
    return tf.saved_model.load(str(tmp_path / 'sm'))


def test_keywords_of_nested_specs(tmp_path):
    loaded = _loaded(tmp_path)
    # TF 2.21 gives these keyword inputs (each spec named as its keyword)
    h = loaded.signatures['h'].structured_input_signature
    assert h[0] == ()
    assert {name: (tuple(s.shape), s.dtype.name, s.name) for name, s in h[1].items()} == {
        'aa': ((None,), 'float32', 'aa'), 'd': ((2,), 'float32', 'd'), 'k': ((), 'float32', 'k')}
    assert sorted(loaded.signatures['t'].structured_input_signature[1]) == ['lst', 'lst_1', 'pair', 'pair_1']
    assert sorted(loaded.signatures['dup'].structured_input_signature[1]) == ['k', 'k_1', 'l']


def test_outputs_known_before_a_call(tmp_path):
    outputs = _loaded(tmp_path).signatures['h'].structured_outputs
    # TF 2.21: {'b': TensorSpec((2,), float32, 'b'), 'c1': TensorSpec((), float32, 'c1'), 'z': TensorSpec((None,), ...)}
    assert {name: (tuple(s.shape), s.name) for name, s in outputs.items()} == {
        'b': ((2,), 'b'), 'c1': ((), 'c1'), 'z': ((None,), 'z')}


def test_called_with_the_flat_keywords(tmp_path):
    loaded = _loaded(tmp_path)
    out = loaded.signatures['h'](d=tf.constant([1., 2.]), aa=tf.constant([3.]), k=tf.constant(2.))
    # TF 2.21: {'b': [1., 4.], 'c1': 2.0, 'z': [6.]}
    assert sorted(out) == ['b', 'c1', 'z']
    np.testing.assert_array_equal(out['b'].numpy(), [1., 4.])
    np.testing.assert_array_equal(out['z'].numpy(), [6.])
    assert out['c1'].numpy() == 2.0
    out = loaded.signatures['t'](pair=tf.constant([1., 2.]), pair_1=tf.constant([3., 4.]),
                                 lst=tf.constant([1.]), lst_1=tf.constant([2.]))
    np.testing.assert_array_equal(out['output_0'].numpy(), [4., 6.])     # TF 2.21: [4., 6.], [5.]
    np.testing.assert_array_equal(out['output_1'].numpy(), [5.])
    # l[0] is 'k', l[1] 'l', z 'k_1' (TF 2.21: 1 + 2 * 2 + 4 * 4 = 21)
    out = loaded.signatures['dup'](k=tf.constant(1.), l=tf.constant(2.), k_1=tf.constant(4.))
    assert out['output_0'].numpy() == 21.0


def test_a_missing_nested_keyword_is_tf_binding_error(tmp_path):
    import pytest
    with pytest.raises(TypeError) as raised:
        _loaded(tmp_path).signatures['h'](d=tf.constant([1., 2.]), k=tf.constant(2.))
    # TF 2.21's text, up to the tensors' reprs
    text = str(raised.value)
    assert text.startswith("Binding inputs to tf.function failed due to `missing a required argument: 'aa'`.")
    assert text.endswith('Fallback to flat signature also failed due to: signature_wrapper_h(aa, d, k) missing '
                         'required arguments: aa.')


_MODEL = []


@tf.function(input_signature=[{'a': tf.TensorSpec([None, 3], name='fa'), 'b': tf.TensorSpec([None, 2])}])
def _serve(d):
    return {'score': _MODEL[0]([d['a'], d['b']])}


def test_concrete_function_of_a_nested_input_signature(tmp_path):
    from framework import keras
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='b')
    model = keras.Model([a, b], keras.layers.Dense(1)(keras.layers.Concatenate()([a, b])))
    _MODEL[:] = [model]
    tf.saved_model.save(model, str(tmp_path / 'sm'),
                        signatures={'serving_default': _serve, 'other': _serve.get_concrete_function()})
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    for name in ('serving_default', 'other'):
        sig = loaded.signatures[name]
        # TF 2.21: keywords d (the unnamed spec of parameter d) and fa; outputs {'score': (None, 1)}
        assert sorted(sig.structured_input_signature[1]) == ['d', 'fa']
        assert [(k, tuple(s.shape)) for k, s in sig.structured_outputs.items()] == [('score', (None, 1))]
        assert tuple(sig(fa=tf.ones((2, 3)), d=tf.ones((2, 2)))['score'].shape) == (2, 1)
