"""tf.saved_model.save traces as TF 2.21's save does: the signatures' tf.functions first, in the signatures'
order, then the module's other tf.functions; it runs no graph, so no tf.print writes there; and a module-level
signature function traced by one save is not traced again by the next. Before, tapeflow printed the module's
functions by name (p, q, then s), wrote 'TF s 0' and 'TF p' from its run of each signature on zeros, and
printed 'PY free' at the second save. The expected outputs are TF 2.21's (probes
/work/notes/progs/kerasio53/p14.py, p15.py, p2.py)."""
import sys

import framework as tf


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(3.)

    @tf.function(input_signature=[{'b': tf.TensorSpec([]), 'a': tf.TensorSpec([])}])
    def s(self, d):
        print('PY s')
        tf.print('TF s', d['a'], output_stream=sys.stdout)
        return d['b'] - d['a']

    @tf.function(input_signature=[tf.TensorSpec([])])
    def p(self, x):
        print('PY p')
        tf.print('TF p', output_stream=sys.stdout)
        return x * self.v

    @tf.function
    def q(self, x, k=2.0):
        print('PY q')
        return x * k


def test_save_traces_signatures_first_and_prints_no_tf_print(tmp_path, capsys):
    m = _M()
    cq = m.q.get_concrete_function(tf.TensorSpec([], name='xx'))
    assert capsys.readouterr().out == 'PY q\n'
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures={'s': m.s, 'p': m.p, 'q': cq})
    # TF 2.21 prints these at the save, and no tf.print line
    assert capsys.readouterr().out == 'PY s\nPY p\nPY q\n'
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert float(loaded.signatures['p'](x=tf.constant(2.))['output_0']) == 6.0
    assert float(loaded.signatures['s'](d=tf.constant(1.), d_1=tf.constant(5.))['output_0']) == 4.0


class _P(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([])])
    def p(self, x):
        print('PY p')
        tf.print('TF p', output_stream=sys.stdout)
        return x * 2.


def test_default_signature_save_runs_no_tf_print(tmp_path, capsys):
    m = _P()
    tf.saved_model.save(m, str(tmp_path / 'a'))
    tf.saved_model.save(m, str(tmp_path / 'b'), signatures={'p': m.p})
    assert capsys.readouterr().out == 'PY p\n'      # TF 2.21: one trace, no tf.print
    m2 = _P()
    tf.saved_model.save(m2, str(tmp_path / 'c'), signatures={'p': m2.p})
    assert capsys.readouterr().out == 'PY p\n'


@tf.function(input_signature=[tf.TensorSpec([None])])
def _free(x):
    print('PY free')
    return x + 1.


def test_module_level_signature_traced_once_across_saves(tmp_path, capsys):
    m = _M()
    m.f = _free
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures={'free': _free, 'p': m.p})
    assert capsys.readouterr().out == 'PY free\nPY p\nPY s\n'      # TF 2.21
    tf.saved_model.save(tf.Module(), str(tmp_path / 'sm2'), signatures={'free': _free})
    assert capsys.readouterr().out == ''        # TF 2.21: the first save's trace serves
