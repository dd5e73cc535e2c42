"""TensorFlow's deprecated endpoints log TF's deprecation notice once per program, naming the
caller's line (the data augmentation tutorial's tf.data.experimental.Counter printed it on TF 2.21,
not on tapeflow). Texts copied from TF 2.21 runs (progs/tutorials6/probe_depr.py)."""

import pytest

import framework as tf

_LINES = ('From {file}:{line}: {name} (from {module}) is deprecated and will be removed in a future version.\n'
          'Instructions for updating:\n{how}')


@pytest.mark.parametrize('call, name, module, how', [
    (lambda: tf.data.experimental.Counter(), 'CounterV2', 'tensorflow.python.data.experimental.ops.counter',
     'Use `tf.data.Dataset.counter(...)` instead.'),
    (lambda: tf.data.experimental.unbatch(), 'unbatch', 'tensorflow.python.data.experimental.ops.batching',
     'Use `tf.data.Dataset.unbatch()`.'),
    (lambda: tf.data.experimental.sample_from_datasets([tf.data.Dataset.range(2)] * 2, seed=1),
     'sample_from_datasets_v2', 'tensorflow.python.data.experimental.ops.interleave_ops',
     'Use `tf.data.Dataset.sample_from_datasets(...)`.'),
    (lambda: tf.data.experimental.scan(0, lambda s, x: (s, x)), 'scan', 'tensorflow.python.data.experimental.ops.scan_ops',
     'Use `tf.data.Dataset.scan(...) instead'),
    (lambda: tf.test.is_gpu_available(), 'is_gpu_available', 'tensorflow.python.framework.test_util',
     "Use `tf.config.list_physical_devices('GPU')` instead."),
    (lambda: tf.config.experimental_functions_run_eagerly(), 'experimental_functions_run_eagerly',
     'tensorflow.python.eager.polymorphic_function.eager_function_run',
     'Use tf.config.functions_run_eagerly instead of the experimental version.'),
])
def test_first_call_logs_tf_notice_once(deprecation_notices, call, name, module, how):
    line = call.__code__.co_firstlineno
    call()
    call()
    records = [r for r in deprecation_notices.records if r.name == 'tensorflow']
    assert len(records) == 1
    assert records[0].getMessage() == _LINES.format(file=__file__, line=line, name=name, module=module, how=how)


def test_parallel_interleave_keeps_interleave_order(deprecation_notices):
    ds = tf.data.Dataset.range(1, 5)

    def repeated(x):
        return tf.data.Dataset.from_tensors(x).repeat(x)
    got = list(ds.apply(tf.data.experimental.parallel_interleave(repeated, cycle_length=3)).as_numpy_iterator())
    assert got == [1, 2, 3, 2, 3, 4, 3, 4, 4, 4]         # TF 2.21 (sloppy=False), as ds.interleave(f, 3)
    assert 'parallel_interleave (from tensorflow.python.data.experimental.ops.interleave_ops)' in deprecation_notices.text
    assert list(ds.apply(tf.data.experimental.prefetch_to_device('/cpu:0')).as_numpy_iterator()) == [1, 2, 3, 4]
    assert list(ds.apply(tf.data.experimental.copy_to_device('/cpu:0')).as_numpy_iterator()) == [1, 2, 3, 4]


def test_from_generator_legacy_arguments_warn_in_graphs_only(deprecation_notices):
    def gen(n):
        for i in range(int(n)):
            yield i

    def make(_):
        return tf.data.Dataset.from_generator(gen, output_types=tf.int64, output_shapes=(), args=(2,))
    make(None)                          # eager: TF 2.21 logs nothing (deprecated_args checks graph mode)
    assert not [r for r in deprecation_notices.records if r.name == 'tensorflow']
    values = [int(v) for v in tf.data.Dataset.range(2).flat_map(make)]
    assert values == [0, 1, 0, 1]
    messages = [r.getMessage() for r in deprecation_notices.records if r.name == 'tensorflow']
    # TF 2.21 (the tf.data performance guide's TimeMeasuredDataset, made in a flat_map function)
    line = make.__code__.co_firstlineno + 1
    assert messages == [
        'From %s:%d: calling DatasetV2.from_generator (from tensorflow.python.data.ops.dataset_ops) with %s is '
        'deprecated and will be removed in a future version.\nInstructions for updating:\nUse output_signature '
        'instead' % (__file__, line, argument) for argument in ('output_types', 'output_shapes')]
