"""tf.sparse.segment_mean / segment_sqrt_n of integer data: TF 2.21's registry InvalidArgumentError (its
wrapper passes no name: the text ends at [Op:...]), checked before the indices. Before: tapeflow returned
zeros ([[0, 0]] for the mean of [[1, 2], [3, 4]]) or an index error. Texts printed by TF 2.21."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_TEXT = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: "
         "{{node %s}}; Op<name=%s; signature=data:T, indices:Tidx, segment_ids:Tsegmentids%s -> output:T; "
         "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=Tidx:type,default=DT_INT32,allowed="
         "[DT_INT32, DT_INT64]; %sattr=Tsegmentids:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
         "attr=sparse_gradient:bool,default=false> [Op:%s]")


@pytest.mark.parametrize('op, kernel', [('segment_mean', 'SparseSegmentMean'), ('segment_sqrt_n', 'SparseSegmentSqrtN')])
@pytest.mark.parametrize('data, dtype', [(tf.constant([[1, 2], [3, 4]]), 'int32'), ([[1, 2], [3, 4]], 'int32'),
                                         (tf.constant([[1, 2]], tf.int64), 'int64')])
def test_integer_data_is_refused(op, kernel, data, dtype):
    with pytest.raises(InvalidArgumentError) as caught:
        getattr(tf.sparse, op)(data, [0, 1], [0, 0])
    assert str(caught.value) == _TEXT % (dtype, kernel, kernel, '', '', kernel)


def test_with_num_segments_kernel():
    kernel = 'SparseSegmentMeanWithNumSegments'
    with pytest.raises(InvalidArgumentError) as caught:
        tf.sparse.segment_mean(tf.constant([[1, 2], [3, 4]]), [0, 1], [0, 0], num_segments=2)
    assert str(caught.value) == _TEXT % ('int32', kernel, kernel, ', num_segments:Tnumsegments',
                                         'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; ', kernel)
    assert tf.sparse.segment_sum(tf.constant([[1, 2], [3, 4]]), [0, 1], [0, 0]).numpy().tolist() == [[4, 6]]
