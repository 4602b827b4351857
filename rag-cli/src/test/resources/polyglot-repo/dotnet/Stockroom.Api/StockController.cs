using Microsoft.AspNetCore.Mvc;

namespace Stockroom.Api;

/// <summary>Answers stock-level queries over HTTP.</summary>
[ApiController]
[Route("stock")]
public class StockController : ControllerBase
{
    private readonly IStockStore _store;

    public StockController(IStockStore store) => _store = store;

    /// <summary>The units on hand for one SKU, or 404 when the SKU is unknown.</summary>
    /// <param name="sku">The stock-keeping unit.</param>
    [HttpGet("{sku}")]
    public IActionResult Get(string sku)
    {
        var level = _store.Find(sku);
        return level is null ? NotFound() : Ok(level);
    }
}
