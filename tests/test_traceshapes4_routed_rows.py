"""tf.sparse.segment_sum / mean / sqrt_n, tf.dynamic_partition and tf.dynamic_stitch print TF 2.21's graph
tensors inside a tf.function (they printed their values): 'SparseSegmentSum:0' with open rows, or
'...WithNumSegments' with num_segments' folded count; each partition's rows open; a stitch's rows the largest
constant index + 1, open where an index is only known at run time.

Golden lines: TF 2.21 (tensorflow-cpu, /opt/tfref) printing the same program (notes/progs/traceshapes4/q3.py;
notes/progs/gradfuzz30/p2.py found them).
"""
import framework as tf


def _lines(capsys):
    return capsys.readouterr().out.splitlines()


def _x():
    return tf.constant([[1.0, 2, 3], [4, 5, 6], [7, 8, 9], [1, 1, 1]])


def test_sparse_segment_reductions(capsys):
    @tf.function
    def f(x, v):
        print(tf.sparse.segment_sum(x, [3, 1, 1, 1], [1, 2, 2, 2]))
        print(tf.sparse.segment_mean(v, [0, 0, 0, 0], [0, 1, 1, 1]))
        print(tf.sparse.segment_sqrt_n(x, [3, 2, 0, 3], [0, 0, 2, 2]))
        print(tf.sparse.segment_sum(x, [3, 1, 1, 1], [1, 2, 2, 2], num_segments=5))
        print(tf.sparse.segment_mean(x, [3, 1, 1, 1], [1, 2, 2, 2], num_segments=5))
        print(tf.sparse.segment_sqrt_n(x, [3, 1, 1, 1], [1, 2, 2, 2], num_segments=tf.constant(4)))
        print(tf.sparse.segment_sum(x, [3, 1, 1, 1], [1, 2, 2, 2], name='ss'))
        print(tf.sparse.segment_sum(x, [3, 1, 1, 1], [1, 2, 2, 2], num_segments=tf.size(v)))
        return v

    f(_x(), tf.constant([1.0, 2, 3, 4]))
    assert _lines(capsys) == [
        'Tensor("SparseSegmentSum:0", shape=(None, 3), dtype=float32)',
        'Tensor("SparseSegmentMean:0", shape=(None,), dtype=float32)',
        'Tensor("SparseSegmentSqrtN:0", shape=(None, 3), dtype=float32)',
        'Tensor("SparseSegmentSumWithNumSegments:0", shape=(5, 3), dtype=float32)',
        'Tensor("SparseSegmentMeanWithNumSegments:0", shape=(5, 3), dtype=float32)',
        'Tensor("SparseSegmentSqrtNWithNumSegments:0", shape=(4, 3), dtype=float32)',
        'Tensor("ss:0", shape=(None, 3), dtype=float32)',
        'Tensor("SparseSegmentSumWithNumSegments_1:0", shape=(4, 3), dtype=float32)',
    ]


def test_partitions_and_stitches(capsys):
    @tf.function
    def f(x, v):
        p = tf.dynamic_partition(v, [1, 0, 1, 0], 2)
        print(p)
        print(tf.dynamic_partition(x, [1, 0, 2, 0], 3))
        print(tf.dynamic_partition(x, [[1, 0, 2], [0, 0, 0], [1, 1, 1], [2, 2, 2]], 3, name='dp'))
        print(tf.concat(p, 0))
        print(tf.dynamic_stitch([[0], [1, 2, 3]], [x[:1], x[1:]]))
        print(tf.dynamic_stitch([[0, 1], [2, 3]], [v[:2], v[2:]]))
        print(tf.dynamic_stitch([tf.constant([0, 1]), tf.constant([2, 3])], [v[:2], v[2:]]))
        print(tf.dynamic_stitch([tf.range(2), tf.constant([2, 3])], [v[:2], v[2:]]))
        print(tf.dynamic_stitch([tf.cast(v[:2], tf.int32), [2, 3]], [x[:2], x[2:]], name='st'))
        print(tf.dynamic_stitch([[[0], [1]], [[2]]], [x[:2, None], x[2:3, None]]))
        return v

    f(_x(), tf.constant([1.0, 2, 3, 4]))
    assert _lines(capsys) == [
        "[<tf.Tensor 'DynamicPartition:0' shape=(None,) dtype=float32>, "
        "<tf.Tensor 'DynamicPartition:1' shape=(None,) dtype=float32>]",
        "[<tf.Tensor 'DynamicPartition_1:0' shape=(None, 3) dtype=float32>, "
        "<tf.Tensor 'DynamicPartition_1:1' shape=(None, 3) dtype=float32>, "
        "<tf.Tensor 'DynamicPartition_1:2' shape=(None, 3) dtype=float32>]",
        "[<tf.Tensor 'dp:0' shape=(None,) dtype=float32>, <tf.Tensor 'dp:1' shape=(None,) dtype=float32>, "
        "<tf.Tensor 'dp:2' shape=(None,) dtype=float32>]",
        'Tensor("concat:0", shape=(None,), dtype=float32)',
        'Tensor("DynamicStitch:0", shape=(4, 3), dtype=float32)',
        'Tensor("DynamicStitch_1:0", shape=(4,), dtype=float32)',
        'Tensor("DynamicStitch_2:0", shape=(4,), dtype=float32)',
        'Tensor("DynamicStitch_3:0", shape=(4,), dtype=float32)',
        'Tensor("st:0", shape=(None, 3), dtype=float32)',
        'Tensor("DynamicStitch_4:0", shape=(3, 3), dtype=float32)',
    ]


def test_an_input_signatures_open_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32)])
    def g(x, i):
        print(tf.sparse.segment_sum(x, i, i))
        print(tf.sparse.segment_sum(x, i, i, num_segments=3))
        print(tf.dynamic_partition(x, i, 2))
        print(tf.dynamic_stitch([i, [5, 6]], [x, x[:2]]))
        print(tf.dynamic_stitch([[0, 1], [2, 3]], [x[:2], x[2:4]]))
        return x

    g(_x(), tf.constant([0, 1, 1, 1]))
    assert _lines(capsys) == [
        'Tensor("SparseSegmentSum:0", shape=(None, 3), dtype=float32)',
        'Tensor("SparseSegmentSumWithNumSegments:0", shape=(3, 3), dtype=float32)',
        "[<tf.Tensor 'DynamicPartition:0' shape=(None, 3) dtype=float32>, "
        "<tf.Tensor 'DynamicPartition:1' shape=(None, 3) dtype=float32>]",
        'Tensor("DynamicStitch:0", shape=(None, 3), dtype=float32)',
        'Tensor("DynamicStitch_1:0", shape=(4, 3), dtype=float32)',
    ]
