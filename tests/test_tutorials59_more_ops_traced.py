"""TF 2.21's graph names and static shapes for more of its APIs printed in a tf.function trace: silu, searchsorted,
polyval, confusion_matrix, moments, unravel_index, bincount, histogram_fixed_width_bins, a batch's image.resize,
band_part, linalg.trace / diag / diag_part, scatter_nd, (unsorted_)segment_*, bitcast, meshgrid, strings.join /
format, base64 and unsorted_segment_join. tapeflow printed their eager values (no name; a Dataset.map after them
took the first element's lengths). Lines printed by TF 2.21 (notes progs/tutorials59/probes/ops2.py, mapspec.py);
the test also passes under TF 2.21 with its imports changed."""
import framework as tf

_OPS = (
    lambda x, i, m: tf.nn.silu(x),
    lambda x, i, m: tf.identity(x),         # (silu's custom gradient made an Identity first)
    lambda x, i, m: tf.nn.swish(x),
    lambda x, i, m: tf.searchsorted(tf.sort(x), x),
    lambda x, i, m: tf.searchsorted(tf.sort(x), x, side='right'),
    lambda x, i, m: tf.reshape(x, [-1]),    # (searchsorted made three Reshapes each)
    lambda x, i, m: tf.math.polyval([1.], x),
    lambda x, i, m: tf.math.polyval([1., 2.], x),
    lambda x, i, m: tf.math.polyval([1., 2., 3.], x),
    lambda x, i, m: tf.math.confusion_matrix(i, i, 4),
    lambda x, i, m: tf.math.confusion_matrix(i, i),
    lambda x, i, m: tf.nn.moments(x, [0]),
    lambda x, i, m: tf.nn.moments(x, [0], keepdims=True),
    lambda x, i, m: tf.nn.moments(m, [0]),
    lambda x, i, m: tf.unravel_index(i, [3, 3]),
    lambda x, i, m: tf.unravel_index(i[0], [3, 3]),
    lambda x, i, m: tf.math.bincount(i),
    lambda x, i, m: tf.math.bincount(i, minlength=5),
    lambda x, i, m: tf.math.bincount(i, minlength=5, maxlength=5),
    lambda x, i, m: tf.math.bincount(i, weights=x),
    lambda x, i, m: tf.histogram_fixed_width_bins(x, [0., 1.], 3),
    lambda x, i, m: tf.histogram_fixed_width_bins(m, [0., 1.], 3),
    lambda x, i, m: tf.image.resize(tf.reshape(x, [1, -1, 1, 1]), [2, 2]),
    lambda x, i, m: tf.image.resize(tf.reshape(m, [-1, 3, 1, 1]), [2, 2]),
    lambda x, i, m: tf.image.resize(tf.reshape(m, [-1, 3, 1, 1]), [2, 2], method='nearest'),
    lambda x, i, m: tf.linalg.band_part(m, 0, 0),
    lambda x, i, m: tf.linalg.trace(m),
    lambda x, i, m: tf.scatter_nd([[0]], [1.], [3]),
    lambda x, i, m: tf.scatter_nd(tf.reshape(i, [-1, 1]), x, [5]),
    lambda x, i, m: tf.scatter_nd(tf.reshape(i, [-1, 1]), x, tf.shape(x)),
    lambda x, i, m: tf.math.unsorted_segment_sum(x, tf.zeros_like(i), 2),
    lambda x, i, m: tf.math.unsorted_segment_sum(m, tf.zeros_like(i), 2),
    lambda x, i, m: tf.math.unsorted_segment_max(m, tf.zeros_like(i), 2),
    lambda x, i, m: tf.math.unsorted_segment_mean(m, tf.zeros_like(i), 2),
    lambda x, i, m: tf.math.segment_sum(x, tf.zeros_like(i)),
    lambda x, i, m: tf.math.segment_sum(m, tf.zeros_like(i)),
    lambda x, i, m: tf.math.segment_max(m, tf.zeros_like(i)),
    lambda x, i, m: tf.math.segment_mean(m, tf.zeros_like(i)),
    lambda x, i, m: tf.linalg.diag(x),
    lambda x, i, m: tf.linalg.diag(m),
    lambda x, i, m: tf.linalg.diag_part(m),
    lambda x, i, m: tf.bitcast(x, tf.int32),
    lambda x, i, m: tf.bitcast(x, tf.uint8),
    lambda x, i, m: tf.bitcast(tf.bitcast(x, tf.uint8), tf.float32),
    lambda x, i, m: tf.meshgrid(x, tf.cast(i, tf.float32)),
    lambda x, i, m: tf.meshgrid(x, tf.cast(i, tf.float32), indexing='ij'),
    lambda x, i, m: tf.strings.join([tf.strings.as_string(i), 'a']),
    lambda x, i, m: tf.strings.join(['a', tf.strings.as_string(i)], separator='-'),
    lambda x, i, m: tf.strings.format('{}', x),
    lambda x, i, m: tf.io.encode_base64(tf.strings.as_string(i)),
    lambda x, i, m: tf.io.decode_base64(tf.io.encode_base64(tf.strings.as_string(i))),
    lambda x, i, m: tf.strings.unsorted_segment_join(tf.strings.as_string(i), tf.zeros_like(i), 1),
    lambda x, i, m: tf.identity(x),
)

# TF 2.21 gives, for x (None,), i (None,), m (None, 3):
_OPEN = [
    'Tensor("IdentityN:0", shape=(None,), dtype=float32)',
    'Tensor("Identity_1:0", shape=(None,), dtype=float32)',
    'Tensor("IdentityN_1:0", shape=(None,), dtype=float32)',
    'Tensor("Reshape_2:0", shape=(None,), dtype=int32)',
    'Tensor("Reshape_5:0", shape=(None,), dtype=int32)',
    'Tensor("Reshape_6:0", shape=(None,), dtype=float32)',
    'Tensor("polyval/coeff_0:0", shape=(), dtype=float32)',
    'Tensor("polyval_1/add:0", shape=(None,), dtype=float32)',
    'Tensor("polyval_2/add_1:0", shape=(None,), dtype=float32)',
    'Tensor("confusion_matrix/ScatterNd:0", shape=(4, 4), dtype=int32)',
    'Tensor("confusion_matrix_1/ScatterNd:0", shape=(None, None), dtype=int32)',
    "(<tf.Tensor 'moments/Squeeze:0' shape=() dtype=float32>, <tf.Tensor 'moments/Squeeze_1:0' shape=() dtype=float32>)",
    "(<tf.Tensor 'moments_1/mean:0' shape=(1,) dtype=float32>, <tf.Tensor 'moments_1/variance:0' shape=(1,) dtype=float32>)",
    "(<tf.Tensor 'moments_2/Squeeze:0' shape=(3,) dtype=float32>, <tf.Tensor 'moments_2/Squeeze_1:0' shape=(3,) dtype=float32>)",
    'Tensor("UnravelIndex:0", shape=(2, None), dtype=int32)',
    'Tensor("UnravelIndex_1:0", shape=(2,), dtype=int32)',
    'Tensor("bincount/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_1/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_2/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_3/DenseBincount:0", shape=(None,), dtype=float32)',
    'Tensor("histogram_fixed_width_bins/Reshape_1:0", shape=(None,), dtype=int32)',
    'Tensor("histogram_fixed_width_bins_1/Reshape_1:0", shape=(None, 3), dtype=int32)',
    'Tensor("resize/ResizeBilinear:0", shape=(1, 2, 2, 1), dtype=float32)',
    'Tensor("resize_1/ResizeBilinear:0", shape=(None, 2, 2, 1), dtype=float32)',
    'Tensor("resize_2/ResizeNearestNeighbor:0", shape=(None, 2, 2, 1), dtype=float32)',
    'Tensor("MatrixBandPart:0", shape=(None, 3), dtype=float32)',
    'Tensor("Trace:0", shape=(), dtype=float32)',
    'Tensor("ScatterNd:0", shape=(3,), dtype=float32)',
    'Tensor("ScatterNd_1:0", shape=(5,), dtype=float32)',
    'Tensor("ScatterNd_2:0", shape=(None,), dtype=float32)',
    'Tensor("UnsortedSegmentSum:0", shape=(2,), dtype=float32)',
    'Tensor("UnsortedSegmentSum_1:0", shape=(2, 3), dtype=float32)',
    'Tensor("UnsortedSegmentMax:0", shape=(2, 3), dtype=float32)',
    'Tensor("UnsortedSegmentMean/truediv:0", shape=(2, 3), dtype=float32)',
    'Tensor("SegmentSum:0", shape=(None,), dtype=float32)',
    'Tensor("SegmentSum_1:0", shape=(None, 3), dtype=float32)',
    'Tensor("SegmentMax:0", shape=(None, 3), dtype=float32)',
    'Tensor("SegmentMean:0", shape=(None, 3), dtype=float32)',
    'Tensor("diag:0", shape=(None, None), dtype=float32)',
    'Tensor("diag_1:0", shape=(None, 3, 3), dtype=float32)',
    'Tensor("diag_part:0", shape=(None,), dtype=float32)',
    'Tensor("Bitcast:0", shape=(None,), dtype=int32)',
    'Tensor("Bitcast_1:0", shape=(None, 4), dtype=uint8)',
    'Tensor("Bitcast_3:0", shape=(None,), dtype=float32)',
    "[<tf.Tensor 'meshgrid/mul:0' shape=(None, None) dtype=float32>, <tf.Tensor 'meshgrid/mul_1:0' shape=(None, None) dtype=float32>]",
    "[<tf.Tensor 'meshgrid_1/mul:0' shape=(None, None) dtype=float32>, <tf.Tensor 'meshgrid_1/mul_1:0' shape=(None, None) dtype=float32>]",
    'Tensor("StringJoin:0", shape=(None,), dtype=string)',
    'Tensor("StringJoin_1:0", shape=(None,), dtype=string)',
    'Tensor("StringFormat:0", shape=(), dtype=string)',
    'Tensor("EncodeBase64:0", shape=(None,), dtype=string)',
    'Tensor("DecodeBase64:0", shape=(None,), dtype=string)',
    'Tensor("UnsortedSegmentJoin:0", shape=(1,), dtype=string)',
    'Tensor("Identity_3:0", shape=(None,), dtype=float32)',
]

# TF 2.21 gives, for x (3,), i (3,), m (3, 3): what the values decide stays open (bincount, segments,
# confusion_matrix without num_classes), the rest as the arrays
_KNOWN = [
    'Tensor("IdentityN:0", shape=(3,), dtype=float32)',
    'Tensor("Identity_1:0", shape=(3,), dtype=float32)',
    'Tensor("IdentityN_1:0", shape=(3,), dtype=float32)',
    'Tensor("Reshape_2:0", shape=(3,), dtype=int32)',
    'Tensor("Reshape_5:0", shape=(3,), dtype=int32)',
    'Tensor("Reshape_6:0", shape=(3,), dtype=float32)',
    'Tensor("polyval/coeff_0:0", shape=(), dtype=float32)',
    'Tensor("polyval_1/add:0", shape=(3,), dtype=float32)',
    'Tensor("polyval_2/add_1:0", shape=(3,), dtype=float32)',
    'Tensor("confusion_matrix/ScatterNd:0", shape=(4, 4), dtype=int32)',
    'Tensor("confusion_matrix_1/ScatterNd:0", shape=(None, None), dtype=int32)',
    "(<tf.Tensor 'moments/Squeeze:0' shape=() dtype=float32>, <tf.Tensor 'moments/Squeeze_1:0' shape=() dtype=float32>)",
    "(<tf.Tensor 'moments_1/mean:0' shape=(1,) dtype=float32>, <tf.Tensor 'moments_1/variance:0' shape=(1,) dtype=float32>)",
    "(<tf.Tensor 'moments_2/Squeeze:0' shape=(3,) dtype=float32>, <tf.Tensor 'moments_2/Squeeze_1:0' shape=(3,) dtype=float32>)",
    'Tensor("UnravelIndex:0", shape=(2, 3), dtype=int32)',
    'Tensor("UnravelIndex_1:0", shape=(2,), dtype=int32)',
    'Tensor("bincount/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_1/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_2/DenseBincount:0", shape=(None,), dtype=int32)',
    'Tensor("bincount_3/DenseBincount:0", shape=(None,), dtype=float32)',
    'Tensor("histogram_fixed_width_bins/Reshape_1:0", shape=(3,), dtype=int32)',
    'Tensor("histogram_fixed_width_bins_1/Reshape_1:0", shape=(3, 3), dtype=int32)',
    'Tensor("resize/ResizeBilinear:0", shape=(1, 2, 2, 1), dtype=float32)',
    'Tensor("resize_1/ResizeBilinear:0", shape=(3, 2, 2, 1), dtype=float32)',
    'Tensor("resize_2/ResizeNearestNeighbor:0", shape=(3, 2, 2, 1), dtype=float32)',
    'Tensor("MatrixBandPart:0", shape=(3, 3), dtype=float32)',
    'Tensor("Trace:0", shape=(), dtype=float32)',
    'Tensor("ScatterNd:0", shape=(3,), dtype=float32)',
    'Tensor("ScatterNd_1:0", shape=(5,), dtype=float32)',
    'Tensor("ScatterNd_2:0", shape=(3,), dtype=float32)',
    'Tensor("UnsortedSegmentSum:0", shape=(2,), dtype=float32)',
    'Tensor("UnsortedSegmentSum_1:0", shape=(2, 3), dtype=float32)',
    'Tensor("UnsortedSegmentMax:0", shape=(2, 3), dtype=float32)',
    'Tensor("UnsortedSegmentMean/truediv:0", shape=(2, 3), dtype=float32)',
    'Tensor("SegmentSum:0", shape=(None,), dtype=float32)',
    'Tensor("SegmentSum_1:0", shape=(None, 3), dtype=float32)',
    'Tensor("SegmentMax:0", shape=(None, 3), dtype=float32)',
    'Tensor("SegmentMean:0", shape=(None, 3), dtype=float32)',
    'Tensor("diag:0", shape=(3, 3), dtype=float32)',
    'Tensor("diag_1:0", shape=(3, 3, 3), dtype=float32)',
    'Tensor("diag_part:0", shape=(3,), dtype=float32)',
    'Tensor("Bitcast:0", shape=(3,), dtype=int32)',
    'Tensor("Bitcast_1:0", shape=(3, 4), dtype=uint8)',
    'Tensor("Bitcast_3:0", shape=(3,), dtype=float32)',
    "[<tf.Tensor 'meshgrid/mul:0' shape=(3, 3) dtype=float32>, <tf.Tensor 'meshgrid/mul_1:0' shape=(3, 3) dtype=float32>]",
    "[<tf.Tensor 'meshgrid_1/mul:0' shape=(3, 3) dtype=float32>, <tf.Tensor 'meshgrid_1/mul_1:0' shape=(3, 3) dtype=float32>]",
    'Tensor("StringJoin:0", shape=(3,), dtype=string)',
    'Tensor("StringJoin_1:0", shape=(3,), dtype=string)',
    'Tensor("StringFormat:0", shape=(), dtype=string)',
    'Tensor("EncodeBase64:0", shape=(3,), dtype=string)',
    'Tensor("DecodeBase64:0", shape=(3,), dtype=string)',
    'Tensor("UnsortedSegmentJoin:0", shape=(1,), dtype=string)',
    'Tensor("Identity_3:0", shape=(3,), dtype=float32)',
]


def _printed(capsys, signature):
    def run(x, i, m):
        for op in _OPS:
            print(op(x, i, m))
        return 0

    tf.function(run, input_signature=signature)(tf.constant([0.5, 0.25, 2.]), tf.constant([1, 2, 0]), tf.ones([3, 3]))
    return capsys.readouterr().out.strip().split('\n')


def test_open_lengths_print_tf_graph_names_and_shapes(capsys):
    assert _printed(capsys, [tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.int32),
                             tf.TensorSpec([None, 3], tf.float32)]) == _OPEN


def test_known_lengths_print_tf_graph_names_and_shapes(capsys):
    assert _printed(capsys, [tf.TensorSpec([3], tf.float32), tf.TensorSpec([3], tf.int32),
                             tf.TensorSpec([3, 3], tf.float32)]) == _KNOWN


def test_dataset_map_element_specs_follow_the_graph_shapes():
    ds = tf.data.Dataset.from_tensor_slices(tf.constant([[1, 2, 0], [0, 0, 1]]))
    specs = [ds.map(lambda x: tf.math.bincount(x)).element_spec,
             ds.map(lambda x: tf.math.segment_sum(x, [0, 0, 1])).element_spec,
             ds.map(lambda x: tf.one_hot(tf.math.bincount(x), 4)).element_spec,
             ds.map(lambda x: tf.meshgrid(x, x)).element_spec[0],
             ds.map(lambda x: tf.nn.moments(tf.cast(x, tf.float32), [0])).element_spec[1],
             ds.map(lambda x: tf.scatter_nd(tf.reshape(x, [-1, 1]), x, [4])).element_spec]
    # TF 2.21 gives (None,), (None,), (None, 4), (3, 3), (), (4,)
    assert [tuple(s.shape) for s in specs] == [(None,), (None,), (None, 4), (3, 3), (), (4,)]
    got = [[t.numpy().tolist() for t in e]
           for e in ds.map(lambda x: (tf.math.bincount(x), tf.math.segment_sum(x, [0, 0, 1])))]
    assert got == [[[1, 1, 1], [3, 0]], [[2, 1], [0, 1]]]


def test_a_given_name_is_the_scope_of_the_scoped_apis(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.int32)])
    def f(x, i):
        print(tf.nn.moments(x, [0], name='mm'))
        print(tf.nn.moments(x, [0], name='mm'))
        print(tf.math.polyval([1., 2., 3.], x, name='p'))
        print(tf.math.bincount(i, name='b'))
        print(tf.math.confusion_matrix(i, i, 4, name='c'))
        print(tf.histogram_fixed_width_bins(x, [0., 1.], 3, name='h'))
        print(tf.math.unsorted_segment_mean(x, i, 3, name='u'))
        print(tf.meshgrid(x, x, name='g'))
        print(tf.searchsorted(x, x, name='s'))         # (the name goes to its LowerBound)
        print(tf.strings.split(tf.strings.as_string(x)).to_tensor(name='t'))
        print(tf.image.resize(tf.reshape(x, [1, -1, 1, 1]), [2, 2], name='rr'))
        print(tf.image.resize(tf.reshape(x, [-1, 1, 1]), [2, 2], name='r1'))
        with tf.name_scope('blk'):
            print(tf.nn.moments(x, [0], name='mm'))
        return 0

    f(tf.constant([0.5, 0.25, 2.]), tf.constant([1, 2, 0]))
    # TF 2.21 gives (notes progs/tutorials59/probes/given_names.py):
    assert capsys.readouterr().out.strip().split('\n') == [
        "(<tf.Tensor 'mm/Squeeze:0' shape=() dtype=float32>, <tf.Tensor 'mm/Squeeze_1:0' shape=() dtype=float32>)",
        "(<tf.Tensor 'mm_1/Squeeze:0' shape=() dtype=float32>, <tf.Tensor 'mm_1/Squeeze_1:0' shape=() dtype=float32>)",
        'Tensor("p/add_1:0", shape=(None,), dtype=float32)',
        'Tensor("b/DenseBincount:0", shape=(None,), dtype=int32)',
        'Tensor("c/ScatterNd:0", shape=(4, 4), dtype=int32)',
        'Tensor("h/Reshape_1:0", shape=(None,), dtype=int32)',
        'Tensor("u/truediv:0", shape=(3,), dtype=float32)',
        "[<tf.Tensor 'g/mul:0' shape=(None, None) dtype=float32>, <tf.Tensor 'g/mul_1:0' shape=(None, None) "
        "dtype=float32>]",
        'Tensor("Reshape_2:0", shape=(None,), dtype=int32)',
        'Tensor("t/RaggedTensorToTensor:0", shape=(None, None), dtype=string)',
        'Tensor("rr/ResizeBilinear:0", shape=(1, 2, 2, 1), dtype=float32)',
        'Tensor("r1/Squeeze:0", shape=(2, 2, 1), dtype=float32)',
        "(<tf.Tensor 'blk/mm/Squeeze:0' shape=() dtype=float32>, <tf.Tensor 'blk/mm/Squeeze_1:0' shape=() "
        "dtype=float32>)",
    ]
