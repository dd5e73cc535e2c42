"""tf.dynamic_stitch's gradient is TF 2.21's DynamicStitch rule: data[m] gets gather(grad, indices[m]).

Where an index repeats, the later entry wins the forward value, yet TF's rule still hands the
overwritten row the gradient of the position it was written to (values printed by TF 2.21).
"""
import framework as tf


def test_overwritten_rows_get_the_gradient_as_in_tf():
    x = tf.constant([1.0, 2.0, 3.0])
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = tf.dynamic_stitch([[0, 2], [1, 2]], [x[:2], x[1:] ** 2])
            z = tf.dynamic_stitch([[1, 1], [0, 1]], [w, 2.0 * w])
            loss = tf.reduce_sum(y * y)
        g = tape.gradient(loss, x)
        gz = tape.gradient(z, w, output_gradients=tf.constant([[1., 10.], [100., 1000.]]))
    assert y.numpy().tolist() == [1.0, 4.0, 9.0]
    assert g.numpy().tolist() == [2.0, 50.0, 108.0]           # a true derivative would give [2, 32, 108]
    assert gz.numpy().tolist() == [[102.0, 1020.0], [300.0, 3000.0]]
    assert outer.gradient(g, x).numpy().tolist() == [2.0, 62.0, 120.0]


def test_first_entry_overwritten_in_a_later_list():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.dynamic_stitch([[0], [1, 0]], [x[:1], x[1:]])
    assert y.numpy().tolist() == [3.0, 2.0]
    assert tape.gradient(y, x, output_gradients=tf.constant([1., 10.])).numpy().tolist() == [1.0, 10.0, 1.0]
