"""A Python ``for`` over a tensor inside tf.function runs its turns as one while-loop body, as
autograph makes it: the body's random ops count from 0 and draw one kernel's stream turn after
turn (the actor-critic tutorial's episode loop), where unrolling made one op per turn.
Golden values: TF 2.21, the same functions, .numpy().tolist()."""
import framework as tf


def test_for_over_tf_range_draws_one_body_kernel_per_op():
    tf.random.set_seed(5)

    @tf.function
    def episode(n):
        first = tf.random.uniform([])
        out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            draw = tf.random.uniform([])          # the body's op 0: seeded as the function's first op
            action = tf.random.categorical([[0.0, 0.0, 0.0]], 1)[0, 0]
            out = out.write(i, draw + tf.cast(action, tf.float32))
        return first, out.stack(), tf.random.uniform([])

    runs = [[t.numpy().tolist() for t in episode(tf.constant(3))] for _ in range(2)]
    assert runs == [[0.18286478519439697, [0.18286478519439697, 0.6730766296386719, 0.9363871812820435],
                     0.38751840591430664],
                    [0.6730766296386719, [1.3876405954360962, 2.066044807434082, 2.486161708831787],
                     0.9859230518341064]]


def test_for_over_a_tensors_rows_with_break():
    tf.random.set_seed(5)

    @tf.function
    def total_of(x):
        total = tf.constant(0.0)
        for row in x:
            total += tf.reduce_sum(row * tf.random.normal([2]))
            if total > 100.0:
                break
        return total

    assert [total_of(tf.ones((3, 2))).numpy().tolist() for _ in range(2)] == [-4.992647171020508,
                                                                               -1.9966148138046265]


def test_eager_iteration_is_unchanged():
    tf.random.set_seed(5)
    draws = [float(tf.random.uniform([])) for _ in tf.range(2)]
    tf.random.set_seed(5)
    assert draws == [float(tf.random.uniform([])) for _ in range(2)]
