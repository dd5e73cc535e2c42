"""libstdc++'s std::sort replayed on a Python list, step for step: introsort (median-of-three pivot moved
to the front, unguarded partition, heap sort past 2 * floor(log2(n)) levels) down to runs of 16, then
one insertion sort. TF 2.21's CPU TopKV2 sorts a whole row with it (topk_heap.py), so where the
comparison is no strict weak order (a NaN is neither greater nor less than anything) the order it
leaves is this algorithm's, which only a replay gives."""
from .topk_heap import _make_heap, _pop_heap

_THRESHOLD = 16     # libstdc++'s _S_threshold


def std_sort(a, comp):
    """Sort list ``a`` in place as std::sort(a.begin(), a.end(), comp) does; ``comp(x, y)``: x goes first."""
    if len(a) > 1:
        _introsort_loop(a, 0, len(a), 2 * (len(a).bit_length() - 1), comp)
        _final_insertion_sort(a, 0, len(a), comp)
    return a


def _introsort_loop(a, first, last, depth_limit, comp):
    while last - first > _THRESHOLD:
        if depth_limit == 0:        # std::partial_sort(first, last, last): make_heap, then sort_heap
            part = a[first:last]
            _make_heap(part, comp)
            for length in range(len(part), 1, -1):
                _pop_heap(part, length, comp)
            a[first:last] = part
            return
        depth_limit -= 1
        cut = _unguarded_partition_pivot(a, first, last, comp)
        _introsort_loop(a, cut, last, depth_limit, comp)
        last = cut


def _unguarded_partition_pivot(a, first, last, comp):
    mid = first + (last - first) // 2
    _move_median_to_first(a, first, first + 1, mid, last - 1, comp)
    return _unguarded_partition(a, first + 1, last, first, comp)


def _move_median_to_first(a, result, x, y, z, comp):
    if comp(a[x], a[y]):
        pick = y if comp(a[y], a[z]) else z if comp(a[x], a[z]) else x
    else:
        pick = x if comp(a[x], a[z]) else z if comp(a[y], a[z]) else y
    a[result], a[pick] = a[pick], a[result]


def _unguarded_partition(a, first, last, pivot, comp):
    while True:
        while comp(a[first], a[pivot]):
            first += 1
        last -= 1
        while comp(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _final_insertion_sort(a, first, last, comp):
    if last - first > _THRESHOLD:
        _insertion_sort(a, first, first + _THRESHOLD, comp)
        for i in range(first + _THRESHOLD, last):
            _unguarded_linear_insert(a, i, comp)
    else:
        _insertion_sort(a, first, last, comp)


def _insertion_sort(a, first, last, comp):
    for i in range(first + 1, last):
        if comp(a[i], a[first]):
            value = a[i]
            a[first + 1:i + 1] = a[first:i]
            a[first] = value
        else:
            _unguarded_linear_insert(a, i, comp)


def _unguarded_linear_insert(a, last, comp):
    value = a[last]
    while comp(value, a[last - 1]):
        a[last] = a[last - 1]
        last -= 1
    a[last] = value
