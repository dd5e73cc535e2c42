"""Dataset.options() read while a tf.function traces logs TF 2.21's UserWarning (the distributed
custom-training tutorial's distributed_train_epoch shows it; text from TF's dataset_ops.py:463,
probe /work/notes/progs/tftutorials9/probe_opts.py); eagerly it warns nothing."""
import warnings

import framework as tf


def test_options_in_a_trace_warns_as_tensorflow():
    ds = tf.data.Dataset.range(4).batch(2)

    @tf.function
    def read():
        return ds.options().deterministic

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        assert read() is None
        assert ds.options().deterministic is None
    messages = [str(w.message) for w in caught]
    assert messages == ['To make it possible to preserve tf.data options across serialization boundaries, their '
                        'implementation has moved to be part of the TensorFlow graph. As a consequence, the options '
                        'value is in general no longer known at graph construction time. Invoking this method in '
                        'graph mode retains the legacy behavior of the original implementation, but note that the '
                        'returned value might not reflect the actual value of the options.']
    assert all(w.category is UserWarning for w in caught)
