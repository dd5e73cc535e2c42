"""A graph tf.cond's untaken branch function shows its prints once, as TF 2.21 traces both branches,
true_fn first (cond_branch_prints.py). Expected output printed by TF 2.21 for the same functions
(/work/notes/progs/autograph6/p11.py); tapeflow printed only the taken branch's."""
import framework as tf


def test_untaken_branch_prints_in_trace_order(capsys):
    @tf.function
    def f(x):
        def t():
            print('true branch', x, x.shape)
            return x * 2

        def e():
            print('false branch')
            y = x * 3
            print('false after', x.dtype)
            return y
        print('before')
        r = tf.cond(x > 0, t, e)
        print('after', r)
        return r
    assert f(tf.constant(1.0)).numpy() == 2.0
    assert f(tf.constant(-1.0)).numpy() == -3.0         # (a replay: nothing printed)
    assert capsys.readouterr().out == (
        'before\n'
        'true branch Tensor("x:0", shape=(), dtype=float32) ()\n'
        'false branch\n'
        "false after <dtype: 'float32'>\n"
        'after Tensor("cond/Identity:0", shape=(), dtype=float32)\n')


def _true_branch():
    print('global true')
    return tf.constant(1)


def _false_branch():
    print('global false')
    return tf.constant(2)


def test_false_taken_shows_true_fn_first_and_eager_cond_runs_one(capsys):
    @tf.function
    def g(x):
        return tf.cond(x, _true_branch, _false_branch)
    assert g(tf.constant(False)).numpy() == 2
    assert g(tf.constant(True)).numpy() == 1
    assert tf.cond(tf.constant(True), _true_branch, _false_branch).numpy() == 1
    assert capsys.readouterr().out == 'global true\nglobal false\nglobal true\n'
