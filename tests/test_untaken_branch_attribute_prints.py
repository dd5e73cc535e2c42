"""An untaken tensor ``if`` branch's print of a tensor's ``.shape`` / ``.dtype`` shows, as AutoGraph's trace of
both branches prints it (TF 2.21, notes/progs/autograph2/p46.py): the traced shape, None where the
signature leaves a length open."""
import framework as tf


def test_shape_and_dtype_prints_of_the_untaken_branch(capsys):
    @tf.function
    def f(x):
        if tf.reduce_sum(x) > 100:
            print('big', x.shape, x.dtype)
        else:
            print('small', x.shape)
        return x

    f(tf.ones([2, 3]))
    assert capsys.readouterr().out.splitlines() == ["big (2, 3) <dtype: 'float32'>", 'small (2, 3)']


def test_the_untaken_branch_prints_the_signatures_open_length(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def g(x):
        if tf.reduce_sum(x) > 100:
            print('big', x.shape)
        return x

    g(tf.ones([2, 3]))
    assert capsys.readouterr().out.splitlines() == ['big (None, 3)']
