"""A loaded SavedModel's signature runs the saved graph, as TF 2.21's does: the function's Python print does not
show when the signature is called (tapeflow traced the function at the signature's first call and printed
'PY p' there, for an input_signature function, a nested one and a concrete function alike). Probe
/work/notes/progs/kerasio52/p14.py; the expected outputs are TF 2.21's."""
import framework as tf


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.)

    @tf.function(input_signature=[{'b': tf.TensorSpec([]), 'a': tf.TensorSpec([])}])
    def s(self, d):
        print('PY s')
        return d['b'] - d['a']

    @tf.function(input_signature=[tf.TensorSpec([])])
    def p(self, x):
        print('PY p')
        return x * self.v

    @tf.function
    def q(self, x, k=2.0):
        print('PY q')
        return x * k


def test_loaded_signatures_print_nothing(tmp_path, capsys):
    m = _M()
    signatures = {'s': m.s, 'p': m.p, 'q': m.q.get_concrete_function(tf.TensorSpec([], name='xx'))}
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures=signatures)
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    capsys.readouterr()
    assert float(loaded.signatures['p'](x=tf.constant(1.))['output_0']) == 3.0
    assert float(loaded.signatures['p'](x=tf.constant(2.))['output_0']) == 6.0
    assert float(loaded.signatures['s'](d=tf.constant(1.), d_1=tf.constant(5.))['output_0']) == 4.0
    assert float(loaded.signatures['q'](xx=tf.constant(1.))['output_0']) == 2.0
    assert float(loaded.p(tf.constant(1.))) == 3.0
    assert capsys.readouterr().out == ''
