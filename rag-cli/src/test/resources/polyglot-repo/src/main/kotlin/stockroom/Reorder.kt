package stockroom

import kotlin.math.ceil

/** One item on the shelves and what the supplier needs to restock it. */
data class StockItem(
    val sku: String,
    val onHand: Int,
    val dailyDemand: Double,
    val leadTimeDays: Int,
)

/**
 * How many units to reorder so that stock lasts through the supplier's lead time: the demand expected
 * while the order is on its way plus a safety stock, minus what is still on hand. Never negative.
 */
fun reorderQuantity(item: StockItem, safetyStock: Int = 10): Int {
    val demandDuringLeadTime = ceil(item.dailyDemand * item.leadTimeDays).toInt()
    val needed = demandDuringLeadTime + safetyStock - item.onHand
    return maxOf(needed, 0)
}

/** Plans the orders of a whole warehouse, largest first. */
object ReorderPlanner {
    fun plan(items: List<StockItem>): List<Pair<String, Int>> =
        items.map { it.sku to reorderQuantity(it) }
            .filter { it.second > 0 }
            .sortedByDescending { it.second }
}
