"""tf.function's deprecated arguments log TF 2.21's deprecation notice once (notes/progs/autograph3/p20.py)."""
import framework as tf


def test_experimental_relax_shapes_logs_tfs_deprecation_notice_once(deprecation_notices):
    for _ in range(2):
        tf.function(lambda x: x, experimental_relax_shapes=True)
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1
    assert records[0].startswith('From ')
    assert records[0].endswith(
        ': calling function (from tensorflow.python.eager.polymorphic_function.polymorphic_function) with '
        'experimental_relax_shapes is deprecated and will be removed in a future version.\n'
        'Instructions for updating:\nexperimental_relax_shapes is deprecated, use reduce_retracing instead')
