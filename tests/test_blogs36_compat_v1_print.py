"""tf.compat.v1.Print, which TF 1 answers use to debug a tensor (``x = tf.Print(x, [x], 'x = ')``): TF 2.21 runs it
eagerly, logs its dated deprecation notice once, writes the message and each tensor as Tensor::SummarizeValue
shows it to stderr, at most first_n times per kernel, and returns its input; tapeflow had no Print.

Goldens: TF 2.21 running notes/progs/blogs36/c2.py and c3.py (stderr lines, return values).
"""
import numpy as np
import pytest

import framework as tf
from framework.compat import v1_print

v1 = tf.compat.v1


@pytest.fixture(autouse=True)
def _fresh_kernels(monkeypatch):
    monkeypatch.setattr(v1_print, '_PRINTED', {})


def test_prints_summaries_and_returns_its_input(capsys):
    x = tf.constant([[1., 2.5], [3., 4.]])
    out = v1.Print(x, [x], 'x = ')
    assert out.numpy().tolist() == [[1., 2.5], [3., 4.]] and out.dtype == tf.float32
    v1.Print(x, [x, tf.constant([1, 2, 3, 4, 5]), tf.constant('ab'), tf.constant(True)], message='several: ',
             summarize=2)
    v1.Print(tf.constant(1), [tf.constant(np.arange(30).reshape(2, 3, 5))])
    v1.Print(tf.constant(1), [tf.constant(np.arange(30).reshape(2, 3, 5))], summarize=-1)
    v1.Print(tf.constant(1), [tf.constant(3.14159265, tf.float64), tf.constant(1e-8), tf.constant(123456789.),
                              tf.constant([])])
    v1.Print(tf.constant(1), [tf.constant([b'a', b'bc']), tf.zeros([2, 0])], 'empty ', first_n=1)
    v1.Print(tf.constant(1), [1.5, [1, 2]], 'py ')
    v1.Print(tf.constant(1), [], 'none ')
    assert capsys.readouterr().err.splitlines() == [
        'x = [[1 2.5][3...]...]',
        'several: [[1 2.5]...][1 2...][ab][1]',
        '[[[0 1 2...]]...]',
        '[[[0 1 2 3 4][5 6 7 8 9][10 11 12 13 14]][[15 16 17 18 19][20 21 22 23 24][25 26 27 28 29]]]',
        '[3.14159265][1e-08][123456792][]',
        'empty [a bc][]',
        'py [1.5][1 2]',
        'none ']


def test_first_n_a_variable_and_a_function(capsys):
    for i in range(3):
        v1.Print(tf.constant(1), [tf.constant(i)], 'firstn ', first_n=2)
    v = tf.Variable([1., 2.])
    assert repr(v1.Print(v, [v], 'var ')) == \
        '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>'

    @tf.function
    def f(a):
        return v1.Print(a, [a], 'in fn ') * 2
    assert float(f(tf.constant(3.))) == 6. and float(f(tf.constant(4.))) == 8.
    assert capsys.readouterr().err.splitlines() == ['firstn [0]', 'firstn [1]', 'var [1 2]', 'in fn [3]',
                                                     'in fn [4]']


def test_dated_deprecation_notice_once(deprecation_notices, capsys):
    for _ in range(2):
        v1.Print(tf.constant(1.), [tf.constant(2.)], 'msg: ')
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1 and records[0].startswith('From ')
    assert records[0].split(': ', 1)[1] == (
        'Print (from tensorflow.python.ops.logging_ops) is deprecated and will be removed after 2018-08-20.\n'
        'Instructions for updating:\nUse tf.print instead of tf.Print. Note that tf.print returns a no-output '
        'operator that directly prints the output. Outside of defuns or eager mode, this operator will not be '
        'executed unless it is directly specified in session.run or used as a control dependency for other '
        'operators. This is only a concern in graph mode. Below is an example of how to ensure tf.print executes '
        'in graph mode:\n')
    assert capsys.readouterr().err.splitlines()[-2:] == ['msg: [2]', 'msg: [2]']
