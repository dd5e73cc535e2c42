"""Which indices ``tf.math.top_k`` returns where a stable descending sort does not say: TF 2.21's CPU
TopKV2 kernel, replayed one row at a time (Python loops: sorting.py asks only for sorted=False with
1 < k < n, or for rows holding NaN, which every comparison calls neither greater nor less).

- 1 < k < n: a bounded heap of indices (gtl::TopN, compared by value, ties by lower index first),
  libstdc++'s: built from the first k + 1 indices, whose least is dropped; each later index that
  beats the heap's least replaces it (pop_heap, store, push_heap). sorted=False returns the heap's
  storage order (``top_k([0., 1., 3., 2., 4.], 3, sorted=False)`` gives indices [3, 2, 4]);
  sorted=True its sort_heap order.
- k == 1: Eigen's running maximum (``acc = acc if acc > v else v``: a NaN is dropped by the next
  value), then the first index equal to it (index 0 when none is, as for a NaN maximum).
- k == n: std::sort by value (insertion sort up to 16 values, introsort beyond: libstdcxx_sort.py), runs of
  equal values by index.
"""


def row_indices(row, k, sorted_):
    """TF's top-k indices of one row (a list of Python numbers)."""
    if k == 1:
        return [_first_maximum(row)]
    if k == len(row):
        return _sorted_with_runs(row)
    heap = unsorted_indices(row, k)
    if sorted_:
        beats = _beats(row)
        for length in range(k, 1, -1):      # sort_heap
            _pop_heap(heap, length, beats)
    return heap


def _first_maximum(row):
    best = float('-inf')
    for v in row:
        best = best if best > v else v
    return next((c for c, v in enumerate(row) if v == best), 0)


def _sorted_with_runs(row):
    index = list(range(len(row)))
    if len(index) > 16:         # std::sort's introsort (libstdcxx_sort.py), comp: value greater
        from .libstdcxx_sort import std_sort
        std_sort(index, lambda a, b: row[b] < row[a])
    for i in range(1, len(index) if len(index) <= 16 else 0):    # libstdc++'s __insertion_sort, comp: value greater
        val = index[i]
        if row[index[0]] < row[val]:
            index[1:i + 1] = index[0:i]
            index[0] = val
        else:
            j = i - 1
            while row[index[j]] < row[val]:
                index[j + 1] = index[j]
                j -= 1
            index[j + 1] = val
    out, start = [], 0
    while start < len(index):
        end = start + 1
        while end < len(index) and row[index[start]] == row[index[end]]:
            end += 1
        out.extend(sorted(index[start:end]))
        start = end
    return out


def _beats(row):
    def beats(a, b):        # the kernel's stable_comp: a is the greater (at equal values, the lower index)
        if row[b] < row[a]:
            return True
        if row[b] > row[a]:
            return False
        return a < b
    return beats


def unsorted_indices(row, k):
    """TF's top-k indices of one row (1 < k < len(row)), in the kernel's unsorted order."""
    beats = _beats(row)

    heap = list(range(k + 1))
    _make_heap(heap, beats)
    _pop_heap(heap, k + 1, beats)       # the least of the first k + 1 goes last and is dropped
    heap.pop()
    for c in range(k + 1, len(row)):
        if beats(c, heap[0]):
            _pop_heap(heap, k, beats)
            heap[-1] = c
            _push_up(heap, k - 1, 0, c, beats)
    return heap


# ---- libstdc++'s heap steps (``comp`` is the heap's "less": the front is the element no other beats) ----

def _push_up(a, hole, top, value, comp):
    parent = (hole - 1) // 2
    while hole > top and comp(a[parent], value):
        a[hole] = a[parent]
        hole = parent
        parent = (hole - 1) // 2
    a[hole] = value


def _adjust(a, hole, length, value, comp):
    top, child = hole, hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if comp(a[child], a[child - 1]):
            child -= 1
        a[hole] = a[child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[hole] = a[child - 1]
        hole = child - 1
    _push_up(a, hole, top, value, comp)


def _make_heap(a, comp):
    length = len(a)
    parent = (length - 2) // 2
    while parent >= 0:
        _adjust(a, parent, length, a[parent], comp)
        parent -= 1


def _pop_heap(a, length, comp):
    if length > 1:
        last = length - 1
        value = a[last]
        a[last] = a[0]
        _adjust(a, 0, last, value, comp)
