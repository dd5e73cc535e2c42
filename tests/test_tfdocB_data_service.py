"""tf.data.experimental.service in one process (TF 2.21's data_service_ops.py / server_lib.py
docstrings): a dispatcher, workers registered by address, distribute in each processing mode,
register_dataset / from_dataset_id. TF's read order across workers is nondeterministic, so the
docstrings (and these tests) sort where several workers produce. Golden values printed by TF 2.21
(tensorflow-cpu): /work/notes/progs/tfdocB/svc.py and the docstrings' outputs."""
import pytest

import framework as tf

service = tf.data.experimental.service


def _service(workers):
    dispatcher = service.DispatchServer()
    address = dispatcher.target.split('://')[1]
    kept = [service.WorkerServer(service.WorkerConfig(dispatcher_address=address)) for _ in range(workers)]
    return dispatcher, kept


def _values(dataset):
    return [a.item() for a in dataset.as_numpy_iterator()]


def test_processing_modes():
    dispatcher, _ = _service(2)
    parallel = tf.data.Dataset.range(10).apply(service.distribute(processing_mode='parallel_epochs',
                                                                  service=dispatcher.target))
    assert sorted(_values(parallel)) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]
    shared = tf.data.Dataset.range(10).apply(service.distribute(processing_mode='distributed_epoch',
                                                                service=dispatcher.target))
    assert sorted(_values(shared)) == list(range(10))
    data = tf.data.Dataset.range(10).apply(service.distribute(service.ShardingPolicy.DATA, dispatcher.target))
    assert sorted(_values(data)) == list(range(10))
    squares = tf.data.Dataset.range(5).map(lambda x: x * x)
    squares = squares.apply(service.distribute('parallel_epochs', dispatcher.target)).map(lambda x: x + 1)
    assert sorted(_values(squares)) == [1, 1, 2, 2, 5, 5, 10, 10, 17, 17]
    assert parallel.cardinality().numpy() == -2 and parallel.element_spec == tf.TensorSpec((), tf.int64)


def test_one_worker_keeps_the_order_and_ids_count_from_1000():
    dispatcher, _ = _service(1)
    off = tf.data.Dataset.range(10).apply(service.distribute(processing_mode=service.ShardingPolicy.OFF,
                                                             service=dispatcher.target))
    assert _values(off) == list(range(10))
    dataset = tf.data.Dataset.range(10)
    dataset_id = service.register_dataset(dispatcher.target, dataset)
    assert dataset_id.dtype == tf.string and dataset_id.numpy() == b'1001'     # distribute above took '1000'
    again = service.from_dataset_id(processing_mode='parallel_epochs', service=dispatcher.target,
                                    dataset_id=dataset_id, element_spec=dataset.element_spec)
    assert _values(again) == list(range(10))


def test_configs_policies_and_errors():
    assert list(service.ShardingPolicy)[0] == 0 and service.ShardingPolicy.HINT == 5
    assert repr(service.DispatcherConfig()) == (
        "DispatcherConfig(port=0, protocol='grpc', work_dir=None, fault_tolerant_mode=False, worker_addresses=None, "
        "job_gc_check_interval_ms=0, job_gc_timeout_ms=0, worker_timeout_ms=None, worker_max_concurrent_snapshots=0)")
    assert service.WorkerConfig(dispatcher_address='x').worker_address == 'localhost:%port%'
    dispatcher = service.DispatchServer(start=False)
    with pytest.raises(tf.errors.UnavailableError):         # not started: nothing serves its target
        tf.data.Dataset.range(3).apply(service.distribute('parallel_epochs', dispatcher.target))
    dispatcher.start()
    lonely = tf.data.Dataset.range(3).apply(service.distribute('parallel_epochs', dispatcher.target))
    with pytest.raises(tf.errors.UnavailableError, match='no worker'):      # TensorFlow would wait for one
        _values(lonely)
    with pytest.raises(ValueError, match='processing mode should be'):
        service.distribute('bogus', dispatcher.target)
