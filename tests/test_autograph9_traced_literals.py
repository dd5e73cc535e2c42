"""A tf.function traced for a Python number serves an equal number of another type with that trace
(TF 2.21's Literal keys: 1 == 1.0 == True), whose graph holds the traced number.

Printed by TF 2.21 (/work/notes/progs/autograph9/p6.py):

    @tf.function
    def p(x):
        print('tracing p', x)
        return x
    p(1); p(2); p(1); p(1.0); p(True)
    # tracing p 1 / tracing p 2, and tf.Tensor(1, shape=(), dtype=int32) for p(1), p(1.0) and p(True)
    p.experimental_get_tracing_count()  # 2 (3 after p(tf.constant(1)))
"""
import framework as tf


def test_an_equal_number_of_another_type_replays_the_traced_one(capsys):
    @tf.function
    def p(x):
        print('tracing p', x)
        return x
    results = [p(v) for v in (1, 2, 1, 1.0, True)]
    assert capsys.readouterr().out == 'tracing p 1\ntracing p 2\n'
    assert [(r.dtype.name, r.numpy().item()) for r in results] == [
        ('int32', 1), ('int32', 2), ('int32', 1), ('int32', 1), ('int32', 1)]
    assert p.experimental_get_tracing_count() == 2


def test_numbers_in_a_list_and_a_float_trace():
    @tf.function
    def scaled(x, factors):
        return x * factors[0] + factors[1]
    x = tf.constant(2.0)
    assert float(scaled(x, [1.5, 1.0])) == 4.0
    assert float(scaled(x, [1.5, 1])) == 4.0        # (1 == 1.0: the trace for [1.5, 1.0] serves it)
    assert scaled.experimental_get_tracing_count() == 1

    @tf.function
    def ident(n, pair):
        return n, pair[1]
    ident(3.0, (1, 2.0))
    n, second = ident(3, (1.0, 2))      # TF 2.21: float32 3.0 and 2.0, the trace's numbers (p6b.py)
    assert (n.dtype.name, float(n), second.dtype.name, float(second)) == ('float32', 3.0, 'float32', 2.0)
    assert ident.experimental_get_tracing_count() == 1
