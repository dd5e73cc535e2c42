"""tf.constant(value, shape=2): an int shape is a vector length (TF's as_shape(2) is [2]), as
TF 2.21's data_flow_ops.py docstrings fill a FIFOQueue with tf.constant([1, 2], shape=(2))."""
import framework as tf


def test_constant_takes_an_int_shape():
    assert tf.constant([1, 2], dtype=tf.int32, shape=(2)).numpy().tolist() == [1, 2]
    assert tf.constant(5, shape=3).numpy().tolist() == [5, 5, 5]      # TF 2.21: [5 5 5], int32
    assert tf.constant(5, shape=3).dtype == tf.int32


def test_queue_docstrings_dequeue_many_and_up_to():
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=tf.TensorShape(2))
    for pair in ([1, 2], [3, 4], [5, 6], [7, 8]):
        q.enqueue(tf.constant(pair, dtype=tf.int32, shape=(2)))
    assert q.dequeue_many(3).numpy().tolist() == [[1, 2], [3, 4], [5, 6]]
    q = tf.queue.FIFOQueue(10, tf.int32, shapes=tf.TensorShape(2))
    q.enqueue(tf.constant([1, 2], dtype=tf.int32, shape=(2)))
    q.enqueue(tf.constant([3, 4], dtype=tf.int32, shape=(2)))
    q.close()
    out = q.dequeue_up_to(5)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[1, 2], [3, 4]]
