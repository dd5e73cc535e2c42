"""tf.math.accumulate_n logs TF 2.21's deprecation notice once, as TF does:
WARNING:tensorflow:From <file>:<line>: accumulate_n (from tensorflow.python.ops.math_ops) is deprecated and
will be removed in a future version.
Instructions for updating:
Use `tf.math.add_n` Instead"""
import framework as tf


def test_accumulate_n_logs_its_notice_once(deprecation_notices):
    total = tf.math.accumulate_n([tf.constant([1., 2.]), tf.constant([3., 4.])])
    tf.math.accumulate_n([tf.constant([1.])])
    assert total.numpy().tolist() == [4.0, 6.0]
    records = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1
    assert records[0].startswith('From %s:' % __file__)
    assert records[0].endswith(': accumulate_n (from tensorflow.python.ops.math_ops) is deprecated and will be '
                               'removed in a future version.\nInstructions for updating:\nUse `tf.math.add_n` Instead')
