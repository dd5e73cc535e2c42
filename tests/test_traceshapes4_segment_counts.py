"""tf.math.unsorted_segment_* given a tensor num_segments, printed inside a tf.function: TF 2.21's shape
function reads the count as a scalar it folds (``tf.shape(x)[1]`` of a (None, 3) x, ``tf.size(v)`` of a known v,
``tf.constant(4)``), else the rows are open (``tf.size(y)`` of tf.unique's y, ``tf.reduce_max(ids) + 1``).
tapeflow printed the computed rows, or an unknown shape.

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same program (notes/progs/traceshapes4/q2.py).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def test_counts_only_the_run_gives_leave_the_rows_open(capsys):
    @tf.function
    def f(x, v):
        y, idx = tf.unique(v)
        print(tf.math.unsorted_segment_sum(v, idx, tf.size(y)))
        print(tf.math.unsorted_segment_max(x, idx, tf.shape(y)[0]))
        print(tf.math.unsorted_segment_sum(x, idx, tf.size(v)))
        print(tf.math.unsorted_segment_sum(x, idx, tf.constant(4)))
        print(tf.math.unsorted_segment_mean(x, idx, tf.size(y)))
        print(tf.math.unsorted_segment_sum(x, [0, 1, 1, 0], tf.reduce_max(idx) + 1))
        return v

    f(tf.constant([[1.0, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]]), tf.constant([1.0, 2, 2, 4]))
    assert _lines(capsys) == [
        'Tensor("UnsortedSegmentSum:0", shape=(None,), dtype=float32)',
        'Tensor("UnsortedSegmentMax:0", shape=(None, 3), dtype=float32)',
        'Tensor("UnsortedSegmentSum_1:0", shape=(4, 3), dtype=float32)',
        'Tensor("UnsortedSegmentSum_2:0", shape=(4, 3), dtype=float32)',
        'Tensor("UnsortedSegmentMean/truediv:0", shape=(None, 3), dtype=float32)',
        'Tensor("UnsortedSegmentSum_3:0", shape=(None, 3), dtype=float32)',
    ]


def test_an_input_signatures_open_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def g(x, ids):
        print(tf.math.unsorted_segment_sum(x, ids, tf.size(ids)))
        print(tf.math.unsorted_segment_sum(x, ids, tf.shape(x)[1]))
        return x

    g(tf.constant([[1.0, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]]), tf.constant([0, 1, 1, 0]))
    assert _lines(capsys) == [
        'Tensor("UnsortedSegmentSum:0", shape=(None, 3), dtype=float32)',
        'Tensor("UnsortedSegmentSum_1:0", shape=(3, 3), dtype=float32)',
    ]
