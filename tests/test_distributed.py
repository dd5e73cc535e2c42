"""framework.distributed: collectives, DistributedOptimizer, sharding and MPIStrategy.

The multi-rank tests launch the scripts in tests/dist_scripts/ on 2 local ranks
(``mpiexec -n 2 python -m mpi4py``) in their own session, killed as a whole on
timeout, and check what each rank wrote. They skip where mpi4py or mpiexec is
missing (pip install "tapeflow[dist]"); the single-process tests always run,
in a world of one process without MPI.
"""
import importlib.util
import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import framework as tf
import framework.distributed as dist
import optim
from framework.distributed import launcher, world
from framework.distributed.fused import FusedBuffer

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(REPO, 'tests', 'dist_scripts')
sys.path.insert(0, SCRIPTS)      # the scripts' reference runs are imported from there

MPI_MISSING = None
if importlib.util.find_spec('mpi4py') is None:
    MPI_MISSING = 'mpi4py is not installed (pip install "tapeflow[dist]")'
elif launcher.mpiexec_path() is None:
    MPI_MISSING = 'no mpiexec beside %s or on PATH (pip install "tapeflow[dist]" installs mpich)' % sys.executable
needs_mpi = pytest.mark.skipif(MPI_MISSING is not None, reason=str(MPI_MISSING))


def run_ranks(script, out_dir, ranks=2, timeout=60):
    env = {'PYTHONPATH': os.pathsep.join(filter(None, [REPO, os.environ.get('PYTHONPATH')]))}
    return launcher.launch(os.path.join(SCRIPTS, script), [out_dir], ranks=ranks, timeout=timeout, env=env)


def succeeded(result):
    assert result.returncode == 0, 'ranks failed:\n%s\n%s' % (result.stdout[-3000:], result.stderr[-3000:])
    return result


@pytest.fixture
def lone_world(monkeypatch):
    """A world of one process without MPI, whatever is installed."""
    monkeypatch.setattr(world, '_world', False)
    monkeypatch.setattr(world, '_node', None)


# ---- a single process ---------------------------------------------------------------------

def test_importing_framework_does_not_import_mpi4py():
    code = ('import sys, framework; assert "framework.distributed" not in sys.modules; '
            'import framework.distributed; assert "mpi4py" not in sys.modules, "mpi4py imported eagerly"')
    subprocess.run([sys.executable, '-c', code], check=True, cwd=REPO, timeout=60)


def test_without_mpi4py_a_lone_process_is_a_world_of_one(monkeypatch):
    monkeypatch.setitem(sys.modules, 'mpi4py', None)        # makes ``import mpi4py`` raise ImportError
    monkeypatch.setattr(world, '_world', None)
    for name in launcher_variables():
        monkeypatch.delenv(name, raising=False)
    assert dist.init() == 1
    assert (dist.rank(), dist.size(), dist.local_rank(), dist.local_size()) == (0, 1, 0, 1)
    dist.barrier()


def launcher_variables():
    return world._LAUNCHER_VARIABLES


def test_without_mpi4py_under_a_launcher_init_raises(monkeypatch):
    monkeypatch.setitem(sys.modules, 'mpi4py', None)
    monkeypatch.setattr(world, '_world', None)
    monkeypatch.setenv('PMI_SIZE', '2')
    with pytest.raises(ImportError, match=r'PMI_SIZE.*tapeflow\[dist\]'):
        dist.init()


def test_collectives_in_a_world_of_one(lone_world):
    value = np.array([1.5, -2.0])
    for op in ('sum', 'mean', 'max', 'min'):
        reduced = dist.allreduce(value, op=op)
        np.testing.assert_array_equal(reduced, value)
        assert reduced is not value
    tensor = dist.allreduce(tf.constant([1.0, 2.0]), op='mean')
    assert isinstance(tensor, tf.Tensor) and tensor.dtype == tf.float32
    np.testing.assert_array_equal(dist.broadcast(np.arange(3)), np.arange(3))
    np.testing.assert_array_equal(dist.allgather(np.ones((2, 3))), np.ones((2, 3)))
    np.testing.assert_array_equal(dist.allgather(np.float64(4.0)), [4.0])
    assert dist.broadcast_object({'a': 1}) == {'a': 1}
    assert dist.allgather_object('x') == ['x']


@pytest.mark.parametrize('call, error, message', [
    (lambda: dist.allreduce(np.ones(2), op='avg'), ValueError, "op='avg' is not one of"),
    (lambda: dist.allreduce(np.ones(2, dtype=np.int64), op='mean'), TypeError, 'cast it to a floating dtype'),
    (lambda: dist.allreduce(np.ones(2, dtype=bool)), TypeError, 'cannot reduce a bool array'),
    (lambda: dist.allreduce('text'), TypeError, 'allreduce: expected a Tensor, an array or numbers, got str'),
    (lambda: dist.broadcast(np.ones(2), root=1), ValueError, 'root=1 is not a rank of this world of 1'),
    (lambda: dist.broadcast_variables([np.ones(2)]), TypeError, 'item 0 is a ndarray, not a framework.Variable'),
    (lambda: dist.DistributedOptimizer(object()), TypeError, 'expected an optimizer'),
    (lambda: dist.shard(np.ones((4, 2)), np.ones(3)), ValueError, r'same number of samples.*\[3, 4\]'),
    (lambda: dist.shard(iter([1, 2])), TypeError, 'got list_iterator; a dataset or generator must be split'),
    (lambda: dist.shard_indices(1, size=2, rank=0), ValueError, '1 samples cannot be shared by 2 ranks'),
    (lambda: dist.shard_indices(8, size=2, rank=2), ValueError, 'rank 2 is not in a world of 2'),
])
def test_bad_arguments_raise_with_what_to_do(lone_world, call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize('n, size', [(12, 2), (13, 2), (10, 3), (11, 4), (5, 5)])
def test_shards_are_disjoint_equal_and_cover_all_but_the_remainder(n, size):
    shards = [dist.shard_indices(n, rank=r, size=size) for r in range(size)]
    assert {len(s) for s in shards} == {n // size}
    joined = np.concatenate(shards)
    assert len(set(joined.tolist())) == len(joined)                         # disjoint
    assert sorted(joined.tolist()) == list(range(n - n % size))           # covering; remainder dropped


def test_shard_takes_the_same_samples_from_every_structure(lone_world, monkeypatch):
    monkeypatch.setattr(world, 'rank', lambda: 1)
    monkeypatch.setattr(world, 'size', lambda: 3)
    x = {'a': np.arange(14).reshape(7, 2), 'b': tf.constant(np.arange(7.0))}
    xs, ys, ws = dist.shard(x, list(range(7)), None)
    np.testing.assert_array_equal(xs['a'], [[2, 3], [8, 9]])
    assert isinstance(xs['b'], tf.Tensor)
    np.testing.assert_array_equal(xs['b'].numpy(), [1.0, 4.0])
    np.testing.assert_array_equal(ys, [1, 4])
    assert ws is None


def test_fused_buffer_groups_by_dtype_and_gives_views_back():
    arrays = [np.arange(6.0).reshape(2, 3), np.float32([1, 2]), np.float64(7.0), np.ones((2, 2), np.float32)]
    fused = FusedBuffer(arrays)
    assert [(b.dtype.name, b.size) for b in fused.buffers] == [('float64', 7), ('float32', 6)]
    fused.pack(arrays)
    for original, view in zip(arrays, fused.views()):
        np.testing.assert_array_equal(view, original)
        assert view.shape == np.shape(original)
    fused.pack(arrays, scale=0.5)
    for original, view in zip(arrays, fused.views()):
        np.testing.assert_array_equal(view, np.multiply(original, 0.5, dtype=view.dtype))
    fused.buffers[0][:] = 0
    assert not fused.views()[0].any()                 # views share the buffer: no copy
    assert fused.matches([a + 1 for a in arrays]) and not fused.matches(arrays[:3])


def test_distributed_optimizer_alone_is_the_optimizer(lone_world):
    def train(optimizer):
        weight = tf.Variable(np.array([1.0, -2.0]))
        for _ in range(3):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(weight) * tf.constant(np.array([1.0, 3.0])))
            optimizer.apply_gradients(zip(tape.gradient(loss, [weight]), [weight]))
        return weight.numpy()

    plain = optim.Adam(0.1, name='adam_a')
    wrapped = dist.DistributedOptimizer(optim.Adam(0.1, name='adam_a'))
    assert isinstance(wrapped, optim.Adam) and type(wrapped).__name__ == 'Adam'
    assert wrapped.get_config() == plain.get_config()
    assert optim.serialize(wrapped)['class_name'] == 'Adam'
    assert dist.DistributedOptimizer(wrapped) is wrapped
    np.testing.assert_array_equal(train(wrapped), train(plain))


def test_distributed_optimizer_takes_over_the_state(lone_world):
    plain = optim.SGD(0.1, momentum=0.9)
    weight = tf.Variable(np.array([1.0]))
    plain.apply_gradients([(tf.constant(np.array([2.0])), weight)])
    wrapped = dist.DistributedOptimizer(plain)
    assert int(wrapped.iterations) == 1
    assert wrapped.get_slot(weight, 'momentum') is plain.get_slot(weight, 'momentum')
    np.testing.assert_allclose(wrapped.get_slot(weight, 'momentum').numpy(), [-0.2], rtol=1e-7)


# ---- two ranks --------------------------------------------------------------------------------

@needs_mpi
def test_collectives_on_two_ranks(tmp_path):
    succeeded(run_ranks('collectives_check.py', str(tmp_path)))
    ranks = [json.loads((tmp_path / ('rank%d.json' % r)).read_text()) for r in range(2)]
    for r, got in enumerate(ranks):
        assert (got['rank'], got['size'], got['local_rank']) == (r, 2, r)
        # rank r holds [10r, 10r+1, 10r+2, 10r+3]
        assert got['sum'] == [10.0, 12.0, 14.0, 16.0]
        assert got['mean'] == [5.0, 6.0, 7.0, 8.0]
        assert got['max'] == [10.0, 11.0, 12.0, 13.0]
        assert got['min'] == [0.0, 1.0, 2.0, 3.0]
        assert got['int_sum'] == [3]
        assert got['tensor_mean'] == ['EagerTensor', 'float32', [5.0, 6.0, 7.0, 8.0]]     # TF's class name
        assert got['scalar_sum'] == 1.0
        assert got['mine_unchanged'] == [10.0 * r + i for i in range(4)]
        assert got['broadcast'] == [[0, 7, 14], [21, 28, 35]]
        assert got['allgather'] == [[0.0, 0.0], [1.0, 1.0], [1.0, 1.0]]
        assert got['allgather_scalar'] == [0.0, 1.0]
        assert got['broadcast_object'] == {'seed': 1234}
        assert got['allgather_object'] == ['r0', 'r1']
        # 11 samples on 2 ranks: 5 each, sample 10 dropped
        assert got['shard'] == [list(range(r, 10, 2)), [10 * i for i in range(r, 10, 2)]]


@needs_mpi
def test_broadcast_then_training_keeps_ranks_bitwise_equal_and_matches_one_process(tmp_path):
    import training_check
    succeeded(run_ranks('training_check.py', str(tmp_path)))
    rank0, rank1 = (np.load(tmp_path / ('rank%d.npz' % r)) for r in range(2))
    assert str(rank0['class_name']) == 'Adam'
    assert not any(np.array_equal(rank0['before_%d' % i], rank1['before_%d' % i]) for i in range(4))
    for key in rank0.files:
        if not key.startswith('before_'):
            assert rank0[key].tobytes() == rank1[key].tobytes(), '%s differs between the ranks' % key
    for i in range(4):
        assert rank0['broadcast_%d' % i].tobytes() == rank0['before_%d' % i].tobytes()      # root's values won
    # One process training on the full batch from root's start: float64, so only rounding differs.
    for i, expected in enumerate(training_check.reference_run()):
        np.testing.assert_allclose(rank0['trained_%d' % i], expected, rtol=1e-12, atol=1e-14)


@needs_mpi
def test_strategy_fit_on_two_ranks_matches_one_process(tmp_path):
    import fit_check
    succeeded(run_ranks('fit_check.py', str(tmp_path)))
    rank0, rank1 = (np.load(tmp_path / ('rank%d.npz' % r)) for r in range(2))
    assert str(rank0['optimizer_class']) == 'Adam'
    for key in rank0.files:
        assert rank0[key].tobytes() == rank1[key].tobytes(), '%s differs between the ranks' % key
    weights, history = fit_check.reference_fit()
    # float32 weights after 15 Adam steps; the batches are the same samples, summed in another order.
    for i, expected in enumerate(weights):
        np.testing.assert_allclose(rank0['weight_%d' % i], expected, rtol=1e-5, atol=1e-6)
    for key, values in history.items():
        np.testing.assert_allclose(rank0['history_' + key], values, rtol=1e-5)


@needs_mpi
def test_the_example_learns_on_two_ranks():
    example = os.path.join(REPO, 'examples', 'distributed_fit.py')
    result = succeeded(launcher.launch(example, ['8'], ranks=2, timeout=60))
    assert 'trained on 2 rank(s)' in result.stdout
    accuracy = float(result.stdout.split('test accuracy: ')[1].split(',')[0])
    assert accuracy > 0.9, result.stdout


@needs_mpi
def test_different_models_raise_on_every_rank(tmp_path):
    result = run_ranks('mismatch_check.py', str(tmp_path))
    assert result.returncode != 0
    assert 'differ between ranks' in result.stdout + result.stderr
    assert 'rank 0 raised' in result.stdout and 'rank 1 raised' in result.stdout


@needs_mpi
def test_an_exception_on_one_rank_ends_the_job_and_leaves_no_process(tmp_path):
    start = time.monotonic()
    result = run_ranks('failing_rank.py', str(tmp_path), timeout=30)
    elapsed = time.monotonic() - start
    assert result.returncode != 0
    assert 'deliberate failure on rank 1' in result.stderr
    assert elapsed < 15, 'the job took %.1f s to end after a rank failed' % elapsed
    pids = [int((tmp_path / ('pid%d' % r)).read_text()) for r in range(2)]
    time.sleep(0.2)
    assert not [pid for pid in pids if running(pid)], 'ranks left running'
    assert not launcher.descendants(result.pid)
    assert not [pid for pid in all_pids() if session_of(pid) in pids + [result.pid] and running(pid)]


def all_pids():
    return [int(entry) for entry in os.listdir('/proc') if entry.isdigit()]


def _stat_fields(pid):
    try:
        with open('/proc/%d/stat' % pid) as stat:
            return stat.read().rsplit(')', 1)[1].split()      # state, ppid, pgrp, session, ...
    except OSError:
        return None


def running(pid):
    fields = _stat_fields(pid)
    return fields is not None and fields[0] not in 'ZX'       # a zombie holds no resources but its pid


def session_of(pid):
    fields = _stat_fields(pid)
    return None if fields is None else int(fields[3])


@needs_mpi
def test_a_hung_job_is_killed_at_the_timeout(tmp_path):
    script = tmp_path / 'hang.py'
    # The pid file is written before tapeflow is imported: on a loaded machine the import
    # alone can outlast the 4 s timeout, and the test must still find the ranks it kills.
    script.write_text('import os, sys, time\n'
                      'rank = os.environ.get("OMPI_COMM_WORLD_RANK") or os.environ.get("PMI_RANK") or os.environ.get("RANK")\n'
                      'open(os.path.join(sys.argv[1], "pid%s" % rank), "w").write(str(os.getpid()))\n'
                      'import framework.distributed as dist\n'
                      'dist.barrier()\ntime.sleep(600)\n')
    env = {'PYTHONPATH': REPO}
    start = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        launcher.launch(str(script), [str(tmp_path)], ranks=2, timeout=4, env=env)
    assert time.monotonic() - start < 10
    time.sleep(0.2)
    pids = [int((tmp_path / ('pid%d' % r)).read_text()) for r in range(2)]
    assert not [pid for pid in pids if running(pid)], 'ranks survived the kill'


def _gpu_count():
    from framework import backend
    cp = backend.cupy_module()
    try:
        return 0 if cp is None else cp.cuda.runtime.getDeviceCount()
    except Exception:
        return 0


@needs_mpi
def test_nccl_collectives_and_training_on_gpus(tmp_path):
    gpus = _gpu_count()
    if gpus == 0:
        pytest.skip('no CUDA GPU through cupy: the NCCL path needs one GPU per rank (pip install "tapeflow[gpu]")')
    ranks = min(gpus, 2)
    succeeded(run_ranks('nccl_check.py', str(tmp_path), ranks=ranks, timeout=120))
    got = [json.loads((tmp_path / ('rank%d.json' % r)).read_text()) for r in range(ranks)]
    for r, result in enumerate(got):
        assert result['device'] == '/GPU:%d' % r and result['on_gpu']
        assert result['sum'] == [10.0 * ranks * (ranks - 1) / 2 + i * ranks for i in range(4)]
        assert result['broadcast'] == [5.0, 5.0, 5.0]
        assert result['allgather'] == [float(q) for q in range(ranks) for _ in range(2)]
        assert result['tensor_mean'] == [(ranks - 1) / 2, float(ranks - 1)]
        assert result['weights'] == got[0]['weights']
