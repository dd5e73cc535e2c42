"""tf.autograph.experimental.do_not_convert prints under TF's name.

Hands-On ML ch. 12's AutoGraph section shows the decorator; TF 2.21 prints
``<function do_not_convert at 0x...>`` for it, tapeflow printed ``<function _do_not_convert at 0x...>``.
Golden: /work/notes/progs/handson4/h4a_loop.py run with TF 2.21 (line 27).
"""
import framework as tf


def test_do_not_convert_prints_as_tfs_function():
    assert repr(tf.autograph.experimental.do_not_convert).startswith("<function do_not_convert at 0x")


def test_do_not_convert_used_bare_or_called_still_leaves_the_function_as_it_is():
    @tf.autograph.experimental.do_not_convert
    def plus_one(x):
        return x + 1

    @tf.autograph.experimental.do_not_convert()
    def plus_two(x):
        return x + 2

    assert plus_one.__name__ == "plus_one" and plus_two.__name__ == "plus_two"
    assert int(tf.function(plus_one)(tf.constant(1))) == 2 and int(tf.function(plus_two)(tf.constant(1))) == 3
