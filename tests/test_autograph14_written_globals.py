"""A global that a tf.function assigns (``global counter; counter += 1``) starts every replay of a trace from
the value it had when that trace began, as TF 2.21's graph holds what the trace computed from it (the
trace's own write stays in the global). tapeflow's replays kept writing to their frozen copy, so
``return x + counter`` gave 2, 3, 4, ... where TF gives 2 every call.

A nonlocal likewise. Printed by TF 2.21 (/work/notes/progs/autograph14/p11.py, p12.py, p13.py).
"""
import framework as tf

counter = 0
acc = []
scale = 1.0


def test_a_counter_global_replays_its_trace():
    global counter
    counter = 0

    @tf.function
    def g(x):
        global counter
        counter += 1
        return x + counter
    rows = [(g(tf.ones(s, tf.int32)).numpy().tolist(), counter) for s in ([1], [1], [1], [2], [2], [1])]
    # TF 2.21: [2] 1, [2] 1, [2] 1, [3 3] 2, [3 3] 2, [2] 2
    assert rows == [([2], 1), ([2], 1), ([2], 1), ([3, 3], 2), ([3, 3], 2), ([2], 2)]


def test_a_rebound_list_and_float():
    global acc, scale
    acc, scale = [], 1.0

    @tf.function
    def h(x):
        global acc, scale
        acc = acc + [1]
        scale = scale * 2
        return x * len(acc) * scale
    rows = [(float(h(tf.constant(1.0))), len(acc), scale) for _ in range(3)]
    assert rows == [(2.0, 1, 2.0)] * 3       # TF 2.21: 2.0 1 2.0 at every call


def test_a_nonlocal_counter_replays_its_trace():
    def make():
        n = 0

        @tf.function
        def g(x):
            nonlocal n
            n += 1
            return x + n
        return g, lambda: n
    g, read = make()
    rows = [(g(tf.ones(s, tf.int32)).numpy().tolist(), read()) for s in ([1], [1], [1], [2], [2], [1])]
    # TF 2.21 (progs/autograph14/p13.py): [2] 1, [2] 1, [2] 1, [3 3] 2, [3 3] 2, [2] 2
    assert rows == [([2], 1), ([2], 1), ([2], 1), ([3, 3], 2), ([3, 3], 2), ([2], 2)]
