"""A tf.function's ``for`` loop over a tensor traces its body once in TF 2.21 (AutoGraph's tf.while_loop): a global
or closure list the body appends to holds one item after the call, the graph tensor of that turn, and a replay
adds none. tapeflow ran the body once per row and kept every turn's append (the later ones eager values).
Texts: TF 2.21's (notes/progs/kerasops5/loopside.py, notes/progs/kerasops7/loop2.py)."""
import framework as tf

ROW = 'Tensor("while/TensorArrayV2Read/TensorListGetItem:0", shape=(), dtype=float32)'
appended = []
seen = set()


@tf.function(input_signature=[tf.TensorSpec([None])])
def summed(x):
    total = tf.constant(0.)
    for v in x:
        appended.append(str(v))
        seen.add(str(v))
        total += v
    return total


def test_a_global_list_and_set_keep_the_traced_turn_only(capsys):
    appended.clear()
    seen.clear()
    assert float(summed(tf.constant([1., 2., 3.]))) == 6.0     # (the loop's value is every row's)
    assert appended == [ROW] and seen == {ROW}
    assert float(summed(tf.constant([1., 2., 3., 4.]))) == 10.0     # a replay: no Python side effect
    assert appended == [ROW] and seen == {ROW}


def test_a_closure_list_keeps_the_traced_turn_only():
    rows = []

    @tf.function
    def f(x):
        for v in x:
            rows.append(v.shape)
        return x
    f(tf.ones((3, 2)))
    assert rows == [tf.TensorShape([2])]
