"""tf.while_loop in a tf.function whose body returns another structure than loop_vars: TF 2.21's while_v2
raises nest's ValueError over the body's outputs (graph tensors, a passed-through loop variable as the body's
placeholder) and loop_vars as given. tapeflow before: its own 'while_loop: body must return the structure of
loop_vars ...'. Texts printed by TF 2.21 (/work/notes/progs/autograph10/p19.py wl3, p19b.py g)."""
import pytest

import framework as tf


def _error_lines(function, *args):
    with pytest.raises(ValueError) as caught:
        function(*args)
    return [line.strip() for line in str(caught.value).split('\n')[5:]]


def test_a_shorter_and_a_deeper_body_result():
    @tf.function
    def shorter(x):
        return tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1,), (0, x))

    @tf.function
    def deeper(x):
        return tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, (v,)), (0, x))
    add = "<tf.Tensor 'while/add:0' shape=() dtype=int32>"
    x = "<tf.Tensor 'x:0' shape=(1,) dtype=float32>"
    assert _error_lines(shorter, tf.constant([1.0])) == [
        "ValueError: The two structures don't have the same nested structure.", '',
        'First structure: type=tuple str=(%s,)' % add, '',
        'Second structure: type=tuple str=(0, %s)' % x, '',
        "More specifically: The two structures don't have the same number of elements. First structure: "
        'type=tuple str=(%s,). Second structure: type=tuple str=(0, %s)' % (add, x),
        'Entire first structure:', '(.,)', 'Entire second structure:', '(., .)', '']
    placeholder = "<tf.Tensor 'while/Placeholder_1:0' shape=(1,) dtype=float32>"
    assert _error_lines(deeper, tf.constant([1.0]))[2:7] == [
        'First structure: type=tuple str=(%s, (%s,))' % (add, placeholder), '',
        'Second structure: type=tuple str=(0, %s)' % x, '',
        'More specifically: Substructure "type=tuple str=(%s,)" is a sequence, while substructure '
        '"type=SymbolicTensor str=Tensor("x:0", shape=(1,), dtype=float32)" is not' % placeholder]


def test_a_list_for_a_tuple_is_the_same_structure():
    @tf.function
    def as_list(x):
        return tf.while_loop(lambda i, v: i < 3, lambda i, v: [i + 1, v], (0, x))
    i, v = as_list(tf.constant([1.0]))
    assert (int(i), v.numpy().tolist()) == (3, [1.0])      # TF 2.21: (3, [1.])
